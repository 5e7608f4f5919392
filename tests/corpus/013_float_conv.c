// Conversions between integer types and float/double, truncation toward zero.
#include <stdio.h>
#include <stdint.h>

int main(void) {
    double ds[] = {0.0, 0.5, 1.9999, -0.5, -1.5, -2.9999, 123456.789, -98765.4321, 2147483647.9, 1e15};
    for (int i = 0; i < 10; i++) {
        double d = ds[i];
        long long ll = (long long)d;
        int in = (d < 2147483648.0 && d > -2147483649.0) ? (int)d : -1;
        printf("%.4f -> int %d ll %lld float %.3f\n", d, in, ll, (float)d);
    }
    double pos[] = {0.9, 255.99, 65535.5, 4294967295.0, 1.8e19};
    for (int i = 0; i < 5; i++) {
        double d = pos[i];
        printf("%.2f -> u8 %u u16 %u u32 %u u64 %llu\n", d, d < 256 ? (uint8_t)d : 0,
               d < 65536 ? (uint16_t)d : 0, d < 4294967296.0 ? (uint32_t)d : 0,
               (unsigned long long)d);
    }
    int is[] = {0, 1, -1, 16777217, -16777217, 2147483647, -2147483647 - 1};
    for (int i = 0; i < 7; i++)
        printf("int %d -> float %.1f double %.1f\n", is[i], (float)is[i], (double)is[i]);
    long long big = 9007199254740993LL;
    printf("2^53+1 -> double %.1f\n", (double)big);
    unsigned long long ubig = 18446744073709551615ULL;
    printf("ULLONG_MAX -> double %.1f float %.1f\n", (double)ubig, (float)ubig);
    unsigned u = 4294967295u;
    printf("UINT_MAX -> double %.1f float %.1f\n", (double)u, (float)u);
    int8_t c = -100; uint8_t uc = 200; int16_t s = -30000;
    printf("small ints to double: %.1f %.1f %.1f\n", (double)c, (double)uc, (double)s);
    float f = 3.75f;
    double widened = f;
    float narrowed = (float)0.1;
    printf("float->double %.10f double->float %.10f\n", widened, (double)narrowed);
    double rounding[] = {2.5, 3.5, -2.5, 0.49999999999999994};
    for (int i = 0; i < 4; i++) {
        double r = rounding[i];
        long nearest = (long)(r >= 0 ? r + 0.5 : r - 0.5);
        printf("%.17g trunc %ld round-half-away %ld\n", r, (long)r, nearest);
    }
    double avg = 0; int cnt = 0;
    for (int i = 1; i <= 37; i++) { avg += i * i; cnt++; }
    printf("avg %.5f int avg %d\n", avg / cnt, (int)(avg / cnt));
    char ch = (char)(int)65.7;
    printf("char from double %c\n", ch);
    return 0;
}
