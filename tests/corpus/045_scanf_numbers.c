// STDIN: 5\n10 -20 30 -40 50\n3.5 -2.25\n0x1f 017 99\n123456789012\n
// scanf of ints, doubles, hex/octal via %i, long long; sums and statistics.
#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) { printf("no count\n"); return 1; }
    printf("count %d\n", n);
    int sum = 0, mn = 0, mx = 0;
    for (int i = 0; i < n; i++) {
        int v;
        if (scanf("%d", &v) != 1) { printf("short read at %d\n", i); return 2; }
        sum += v;
        if (i == 0 || v < mn) mn = v;
        if (i == 0 || v > mx) mx = v;
        printf("read %d running %d\n", v, sum);
    }
    printf("sum %d min %d max %d avg %.2f\n", sum, mn, mx, (double)sum / n);
    double a, b;
    int got = scanf("%lf %lf", &a, &b);
    printf("doubles (%d): %.3f %.3f product %.4f\n", got, a, b, a * b);
    int h, o, d;
    got = scanf("%i %i %i", &h, &o, &d);
    printf("%%i (%d): %d %d %d\n", got, h, o, d);
    long long big;
    got = scanf("%lld", &big);
    printf("long long (%d): %lld doubled %lld\n", got, big, big * 2);
    int extra;
    got = scanf("%d", &extra);
    printf("at EOF scanf returns %d\n", got);
    return 0;
}
