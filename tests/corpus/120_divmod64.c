// CFLAGS: -O1
// 64-bit and narrow signed/unsigned division and remainder with negative operands, division by constants (magic-number lowering at -O1), div/ldiv/lldiv, shifts vs division of negatives.
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static long long sdiv7(long long x) { return x / 7; }
static long long smod7(long long x) { return x % 7; }
static unsigned long long udiv10(unsigned long long x) { return x / 10; }
static unsigned long long umod1e9(unsigned long long x) { return x % 1000000007ULL; }
static int sdiv_pow2(int x) { return x / 8; }
static int smod_pow2(int x) { return x % 16; }
static int8_t s8div(int8_t a, int8_t b) { return (int8_t)(a / b); }
static uint16_t u16rem(uint16_t a, uint16_t b) { return (uint16_t)(a % b); }

int main(void) {
    long long xs[] = {0, 1, -1, 6, 7, -7, -8, 100, -100, INT64_MAX, INT64_MIN + 1, 1LL << 62, -(1LL << 62) - 3};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++)
        printf("%lld: /7=%lld %%7=%lld /-3=%lld %%-3=%lld >>2=%lld\n", xs[i], sdiv7(xs[i]), smod7(xs[i]), xs[i] / -3, xs[i] % -3, xs[i] >> 2);
    unsigned long long us[] = {0, 9, 10, 99999999999ULL, UINT64_MAX, 1ULL << 63, 12345678901234567890ULL};
    for (unsigned i = 0; i < sizeof us / sizeof us[0]; i++)
        printf("%llu: /10=%llu %%1e9+7=%llu /3=%llu\n", us[i], udiv10(us[i]), umod1e9(us[i]), us[i] / 3);
    int is[] = {-17, -16, -15, -1, 0, 1, 15, 16, 17, INT32_MIN, INT32_MAX};
    for (unsigned i = 0; i < sizeof is / sizeof is[0]; i++) printf("%d/8=%d %d%%16=%d ", is[i], sdiv_pow2(is[i]), is[i], smod_pow2(is[i]));
    printf("\n");
    printf("%d %d %d %d\n", s8div(-128, 2), s8div(-127, -1), s8div(100, -7), s8div(-100, 7));
    printf("%u %u\n", u16rem(65535, 256), u16rem(40000, 65535));
    div_t d = div(-17, 5);
    ldiv_t ld = ldiv(-(17L << 40), 1000);
    lldiv_t lld = lldiv(INT64_MIN + 5, -10);
    printf("%d %d | %ld %ld | %lld %lld\n", d.quot, d.rem, ld.quot, ld.rem, lld.quot, lld.rem);
    uint64_t acc = 0;
    for (uint64_t v = 1; v < 2000000; v = v * 3 + 1) acc += v % 97 + v / 13;
    printf("acc %llu\n", (unsigned long long)acc);
    unsigned long long r = 0;
    for (int i = 1; i < 60; i++) r += (UINT64_MAX / (unsigned long long)i) % (unsigned)(i + 3);
    printf("r %llu\n", r);
    printf("%lld %lld\n", (long long)(-7 / 2), (long long)((-7) >> 1));
    printf("%u %d\n", (unsigned)-7 / 2u, (int)((unsigned)-7 % 5u));
    return 0;
}
