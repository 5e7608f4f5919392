// Casts between all integer widths: truncation, sign extension, zero extension.
#include <stdio.h>
#include <stdint.h>

static long long samples[] = {0, 1, -1, 127, 128, 255, 256, -129, 32767, 32768, 65535, -32769,
                              2147483647LL, 2147483648LL, -2147483649LL, 4294967295LL,
                              0x123456789abcdefLL, -0x123456789abcdefLL};

int main(void) {
    int n = sizeof samples / sizeof samples[0];
    for (int i = 0; i < n; i++) {
        long long v = samples[i];
        printf("%20lld -> i8 %4d u8 %3u i16 %6d u16 %5u i32 %11d u32 %10u\n", v,
               (int8_t)v, (uint8_t)v, (int16_t)v, (uint16_t)v, (int32_t)v, (uint32_t)v);
    }
    int8_t c = -3;
    printf("i8 -3: i16 %d u16 %u i32 %d u32 %u i64 %lld u64 %llu\n", (int16_t)c, (uint16_t)c,
           (int32_t)c, (uint32_t)c, (long long)c, (unsigned long long)c);
    uint8_t uc = 0xfd;
    printf("u8 0xfd: i16 %d u16 %u i32 %d u32 %u i64 %lld u64 %llu\n", (int16_t)uc, (uint16_t)uc,
           (int32_t)uc, (uint32_t)uc, (long long)uc, (unsigned long long)uc);
    int16_t s = -1234;
    printf("i16 -1234: u32 %u i64 %lld u64 %llu\n", (uint32_t)s, (long long)s, (unsigned long long)s);
    int32_t w = -5;
    printf("i32 -5: u64 %llu via u32 %llu\n", (unsigned long long)w, (unsigned long long)(uint32_t)w);
    uint32_t big = 0xfffffff0u;
    printf("u32 0xfffffff0 -> i64 %lld, via i32 %lld\n", (long long)big, (long long)(int32_t)big);
    /* chains */
    long long chain = (long long)(int8_t)(uint16_t)(int32_t)0x1ff80;
    printf("chain %lld\n", chain);
    unsigned long long acc = 0;
    for (int i = 0; i < n; i++) {
        acc = acc * 31 + (uint8_t)samples[i];
        acc = acc * 31 + (uint16_t)(int8_t)samples[i];
        acc = acc * 31 + (uint64_t)(int32_t)samples[i];
    }
    printf("acc %llu\n", acc);
    char buf[4] = {(char)0x80, (char)0xff, 0x7f, 0x01};
    int sum_signed = 0, sum_unsigned = 0;
    for (int i = 0; i < 4; i++) { sum_signed += (signed char)buf[i]; sum_unsigned += (unsigned char)buf[i]; }
    printf("sums %d %d\n", sum_signed, sum_unsigned);
    _Bool b1 = 256, b2 = 0, b3 = -1;
    printf("bools %d %d %d\n", b1, b2, b3);
    return 0;
}
