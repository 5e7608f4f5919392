// CFLAGS: -O1
// Loads and stores of narrow types through byte buffers and pointer casts (memcpy-based), endianness views.
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static int32_t load_le32(const unsigned char *p) { return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24); }
static uint16_t load_be16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static void store_be32(unsigned char *p, uint32_t v) { p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v; }

int main(void) {
    unsigned char buf[16];
    for (int i = 0; i < 16; i++) buf[i] = (unsigned char)(0xf0 + i * 3);
    int8_t s8; uint8_t u8; int16_t s16; uint16_t u16; int32_t s32; uint32_t u32; int64_t s64; uint64_t u64;
    memcpy(&s8, buf, 1); memcpy(&u8, buf, 1);
    memcpy(&s16, buf + 1, 2); memcpy(&u16, buf + 1, 2);
    memcpy(&s32, buf + 3, 4); memcpy(&u32, buf + 3, 4);
    memcpy(&s64, buf + 7, 8); memcpy(&u64, buf + 7, 8);
    printf("s8 %d u8 %u s16 %d u16 %u\n", s8, u8, s16, u16);
    printf("s32 %d u32 %u s64 %lld u64 %llu\n", s32, u32, (long long)s64, (unsigned long long)u64);
    printf("le32 %d be16 %u\n", load_le32(buf + 3), load_be16(buf + 1));
    unsigned char out[8];
    store_be32(out, 0xcafebabe);
    store_be32(out + 4, (uint32_t)-2);
    for (int i = 0; i < 8; i++) printf("%02x", out[i]);
    printf("\n");
    char chars[6] = {'a', (char)200, (char)-1, 127, (char)128, 0};
    int total = 0;
    for (int i = 0; i < 6; i++) { total += chars[i]; total += (unsigned char)chars[i] * 2; }
    printf("char total %d\n", total);
    short shorts[4] = {-1, 32767, -32768, 1234};
    long ls = 0;
    unsigned long lu = 0;
    for (int i = 0; i < 4; i++) { ls += shorts[i]; lu += (unsigned short)shorts[i]; }
    printf("short sums %ld %lu\n", ls, lu);
    uint32_t word = 0x80402010u;
    unsigned char view[4];
    memcpy(view, &word, 4);
    printf("little-endian view %02x %02x %02x %02x\n", view[0], view[1], view[2], view[3]);
    int16_t halves[2];
    memcpy(halves, &word, 4);
    printf("halves %d %d\n", halves[0], halves[1]);
    double d = -1.5;
    uint64_t bits;
    memcpy(&bits, &d, 8);
    printf("double bits %016llx\n", (unsigned long long)bits);
    int64_t acc = 0;
    for (int i = 0; i + 4 <= 16; i++) acc = acc * 3 + load_le32(buf + i);
    printf("acc %lld\n", (long long)acc);
    return 0;
}
