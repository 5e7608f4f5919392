// CFLAGS: -O1
// Float<->int conversions at edge values: near 2^31, 2^32, 2^53, 2^63, 2^64; negative truncation toward zero; unsigned<->double/float rounding; -0.0; float<->double.
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static volatile double vd[] = {2147483647.0, 2147483647.9, -2147483648.0, -2147483648.9, 4294967295.0, 4294967295.5,
                               9007199254740993.0, 9223372036854774784.0, -9223372036854775808.0, 18446744073709549568.0,
                               -0.0, -0.99, 0.99, 1e-300, 123456.789};
static volatile float vf[] = {16777216.0f, 16777217.0f, 2147483520.0f, -2147483648.0f, 4294967040.0f, 9.2233715e18f, -1.5f, 0.4999999f};

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }

int main(void) {
    printf("%d %d %d %d\n", (int)vd[0], (int)vd[1], (int)vd[2], (int)vd[3]);
    printf("%u %u %lld %lld\n", (unsigned)vd[4], (unsigned)vd[5], (long long)vd[6], (long long)vd[7]);
    printf("%lld %llu %d %d %d\n", (long long)vd[8], (unsigned long long)vd[9], (int)vd[10], (int)vd[11], (int)vd[12]);
    printf("%ld %ld %u\n", (long)vd[13], (long)vd[14], (unsigned char)vd[12] + 0u);
    printf("%d %d %d %d %u\n", (int)vf[0], (int)vf[1], (int)vf[2], (int)vf[3], (unsigned)vf[4]);
    printf("%lld %d %d\n", (long long)vf[5], (int)vf[6], (int)vf[7]);
    volatile uint64_t us[] = {0, 1, UINT32_MAX, (1ULL << 53) + 1, (1ULL << 63) - 1, 1ULL << 63, UINT64_MAX, 0x8000000000000401ULL, 0xfffffffffffff7ffULL};
    for (unsigned i = 0; i < sizeof us / sizeof us[0]; i++) {
        double d = (double)us[i];
        float f = (float)us[i];
        printf("u64 %llx -> %016llx %08x\n", (unsigned long long)us[i], bits(d), fbits(f));
    }
    volatile int64_t ss[] = {INT64_MIN, -1, (1LL << 53) + 1, -(1LL << 53) - 3, INT64_MAX, 0x4000000000000201LL};
    for (unsigned i = 0; i < sizeof ss / sizeof ss[0]; i++)
        printf("s64 %lld -> %016llx\n", (long long)ss[i], bits((double)ss[i]));
    volatile int32_t is[] = {INT32_MIN, INT32_MAX, 16777217, -16777217, 33554435};
    for (unsigned i = 0; i < 5; i++) printf("s32 %d -> %08x %016llx\n", is[i], fbits((float)is[i]), bits((double)is[i]));
    volatile uint32_t u32[] = {UINT32_MAX, 2147483649u, 16777219u};
    for (unsigned i = 0; i < 3; i++) printf("u32 %u -> %08x\n", u32[i], fbits((float)u32[i]));
    volatile double dd[] = {3.4028235677973366e38, 1e39, 1.401298464324817e-45, 7e-46, 1.0000000596046448};
    for (unsigned i = 0; i < 5; i++) printf("d2f %08x\n", fbits((float)dd[i]));
    volatile float ff = -0.0f;
    printf("negzero %016llx %08x %d\n", bits((double)ff), fbits(ff * 0.0f), ff == 0.0f);
    volatile unsigned char uc = 200; volatile signed char sc = -56; volatile short sh = -1;
    printf("%g %g %g %g\n", (double)uc, (double)sc, (float)sh, (double)(unsigned short)sh);
    volatile _Bool b = 1;
    printf("%g %d\n", (double)b, (_Bool)0.5);
    return 0;
}
