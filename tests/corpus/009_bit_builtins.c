// CFLAGS: -O1
// __builtin_bswap16/32/64, popcount, clz, ctz and friends.
#include <stdio.h>
#include <stdint.h>

static int my_popcount(uint64_t x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }

int main(void) {
    uint16_t h = 0x1234;
    uint32_t w = 0xdeadbeef;
    uint64_t q = 0x0102030405060708ull;
    printf("bswap16 %04x bswap32 %08x bswap64 %016llx\n", __builtin_bswap16(h), __builtin_bswap32(w),
           (unsigned long long)__builtin_bswap64(q));
    unsigned vals[] = {1, 2, 3, 0x80000000u, 0xffffffffu, 0x00f0f000u, 12345, 0x10};
    for (int i = 0; i < 8; i++) {
        unsigned v = vals[i];
        printf("%08x pop=%2d clz=%2d ctz=%2d parity=%d ffs=%d\n", v, __builtin_popcount(v),
               __builtin_clz(v), __builtin_ctz(v), __builtin_parity(v), __builtin_ffs((int)v));
    }
    unsigned long long lv[] = {1ull, 1ull << 63, 0xffffffffffffffffull, 0x0000f00000000000ull, 6ull};
    for (int i = 0; i < 5; i++) {
        unsigned long long v = lv[i];
        printf("%016llx popll=%2d clzll=%2d ctzll=%2d mine=%d\n", v, __builtin_popcountll(v),
               __builtin_clzll(v), __builtin_ctzll(v), my_popcount(v));
    }
    unsigned long lval = 0x00ff00ff00ff00ffUL;
    printf("popl %d clzl %d ctzl %d\n", __builtin_popcountl(lval), __builtin_clzl(lval), __builtin_ctzl(lval));
    /* log2 and next power of two via clz */
    unsigned ns[] = {1, 5, 16, 17, 1000, 65537};
    for (int i = 0; i < 6; i++) {
        unsigned n = ns[i];
        int lg = 31 - __builtin_clz(n);
        unsigned np = n <= 1 ? 1 : 1u << (32 - __builtin_clz(n - 1));
        printf("n=%u floor_log2=%d next_pow2=%u\n", n, lg, np);
    }
    uint32_t total = 0;
    for (uint32_t i = 1; i < 5000; i++) total += __builtin_popcount(i) * __builtin_ctz(i) + __builtin_clz(i);
    printf("total %u\n", total);
    uint32_t sw = 0;
    for (uint32_t i = 0; i < 100; i++) sw ^= __builtin_bswap32(i * 2654435761u);
    printf("bswap xor %08x\n", sw);
    return 0;
}
