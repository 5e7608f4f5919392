// __builtin_add/sub/mul_overflow at several widths and signedness.
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

int main(void) {
    int ia[] = {INT_MAX, INT_MIN, 100, -100, 65536, 46341};
    int ib[] = {1, -1, 200, INT_MIN, 65536, 46341};
    for (int i = 0; i < 6; i++) {
        int r1, r2, r3;
        int o1 = __builtin_add_overflow(ia[i], ib[i], &r1);
        int o2 = __builtin_sub_overflow(ia[i], ib[i], &r2);
        int o3 = __builtin_mul_overflow(ia[i], ib[i], &r3);
        printf("%d,%d: add %d/%d sub %d/%d mul %d/%d\n", ia[i], ib[i], o1, r1, o2, r2, o3, r3);
    }
    unsigned ua = 4000000000u, ub = 500000000u, ur;
    printf("u add %d", __builtin_add_overflow(ua, ub, &ur)); printf(" -> %u\n", ur);
    printf("u sub %d", __builtin_sub_overflow(ub, ua, &ur)); printf(" -> %u\n", ur);
    printf("u mul %d", __builtin_mul_overflow(ua, 2u, &ur)); printf(" -> %u\n", ur);
    long long la = LLONG_MAX, lr;
    printf("ll add %d", __builtin_add_overflow(la, 1LL, &lr)); printf(" -> %lld\n", lr);
    printf("ll mul %d", __builtin_mul_overflow(3037000500LL, 3037000500LL, &lr)); printf(" -> %lld\n", lr);
    printf("ll mul ok %d", __builtin_mul_overflow(3037000499LL, 3037000499LL, &lr)); printf(" -> %lld\n", lr);
    unsigned long long ulr;
    printf("ull mul %d", __builtin_mul_overflow(1ULL << 32, 1ULL << 32, &ulr)); printf(" -> %llu\n", ulr);
    int8_t c;
    printf("i8 add %d", __builtin_add_overflow((int8_t)100, (int8_t)100, &c)); printf(" -> %d\n", c);
    uint8_t uc;
    printf("u8 sub %d", __builtin_sub_overflow((uint8_t)3, (uint8_t)5, &uc)); printf(" -> %u\n", uc);
    int16_t sres;
    printf("i16 mul %d", __builtin_mul_overflow((int16_t)-300, (int16_t)200, &sres)); printf(" -> %d\n", sres);
    /* mixed types: result narrower than operands */
    int narrow;
    printf("ll->int add %d", __builtin_add_overflow(2147483647LL, 0LL, &narrow)); printf(" -> %d\n", narrow);
    unsigned uneg;
    printf("int->unsigned %d", __builtin_add_overflow(-1, 0, &uneg)); printf(" -> %u\n", uneg);
    /* safe factorial with overflow detection */
    long long f = 1; int n;
    for (n = 1; n < 40; n++) if (__builtin_mul_overflow(f, (long long)n, &f)) break;
    printf("factorial overflows at n=%d\n", n);
    int fa = 1, fb = 1, k = 2, tmp;
    while (!__builtin_add_overflow(fa, fb, &tmp)) { fa = fb; fb = tmp; k++; }
    printf("fib overflows int after term %d (last %d)\n", k, fb);
    return 0;
}
