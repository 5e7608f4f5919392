// CFLAGS: -O1
// Union type punning (float/int, double/long, bytes), ptrtoint/inttoptr round trips with tag bits, 64-bit shifts and rotates, bit builtins on edge values.
#include <stdio.h>
#include <stdint.h>

union fi { float f; uint32_t u; int32_t i; unsigned char b[4]; };
union dl { double d; uint64_t u; uint32_t w[2]; uint16_t h[4]; };

static uint64_t rotl(uint64_t x, unsigned r) { return (x << (r & 63)) | (x >> ((64 - r) & 63)); }
static uint32_t rotr32(uint32_t x, unsigned r) { return (x >> (r & 31)) | (x << ((32 - r) & 31)); }
static uint16_t rotl16(uint16_t x, unsigned r) { r &= 15; return (uint16_t)((x << r) | (x >> ((16 - r) & 15))); }

int main(void) {
    union fi a; a.f = -1.5f;
    printf("%08x %d %02x%02x%02x%02x\n", a.u, a.i, a.b[0], a.b[1], a.b[2], a.b[3]);
    a.u = 0x7f800001u;
    printf("nan? %d %d\n", a.f != a.f, a.f == a.f);
    a.u = 0x00000001u;
    printf("denorm %g %d\n", (double)a.f, a.f > 0);
    union dl d; d.d = 1.0 / 3.0;
    printf("%016llx %08x %08x %04x\n", (unsigned long long)d.u, d.w[0], d.w[1], d.h[3]);
    d.u = 0x8000000000000000ULL;
    printf("%g %d\n", d.d, d.d == 0.0);
    d.h[3] = 0x7ff0; d.h[0] = d.h[1] = d.h[2] = 0;
    printf("%g\n", d.d);

    int x = 77;
    uintptr_t pi = (uintptr_t)&x;
    int *back = (int *)pi;
    uintptr_t tagged = pi | 3;
    int *untag = (int *)(tagged & ~(uintptr_t)3);
    printf("%d %d %d %d\n", *back, *untag, (int)(tagged & 3), back == &x);
    int arr[8] = {0, 10, 20, 30, 40, 50, 60, 70};
    uintptr_t base = (uintptr_t)arr;
    int *p5 = (int *)(base + 5 * sizeof(int));
    printf("%d %ld\n", *p5, (long)((uintptr_t)p5 - base));
    intptr_t delta = (intptr_t)&arr[2] - (intptr_t)&arr[7];
    printf("%ld\n", (long)delta);

    uint64_t v = 0x0123456789abcdefULL;
    for (unsigned r = 0; r < 70; r += 13) printf("%016llx ", (unsigned long long)rotl(v, r));
    printf("\n%08x %08x %04x %04x\n", rotr32(0x80000001u, 1), rotr32(0xdeadbeefu, 0), rotl16(0x8001, 4), rotl16(0xabcd, 16));
    volatile unsigned sh = 63;
    printf("%llx %llx %lld\n", 1ULL << sh, 0x8000000000000000ULL >> sh, (long long)(-9223372036854775807LL - 1) >> sh);
    uint64_t e[] = {1, 0x8000000000000000ULL, 0xffffffffffffffffULL, 0x00f0000000000000ULL, 0x10};
    for (int i = 0; i < 5; i++)
        printf("clz %d ctz %d pop %d par %d ffs %d\n", __builtin_clzll(e[i]), __builtin_ctzll(e[i]), __builtin_popcountll(e[i]), __builtin_parityll(e[i]), __builtin_ffsll((long long)e[i]));
    printf("%d %d %d %d\n", __builtin_clz(1u), __builtin_ctz(0x80000000u), __builtin_popcount(0xf0f0u), __builtin_ffs(0));
    printf("%08x %016llx %04x\n", __builtin_bswap32(0x11223344u), (unsigned long long)__builtin_bswap64(0x0102030405060708ULL), __builtin_bswap16(0xabcd));
    printf("%d %d\n", __builtin_clrsb(-1), __builtin_clrsbll(1LL << 40));
    return 0;
}
