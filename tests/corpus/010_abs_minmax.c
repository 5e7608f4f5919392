// abs/labs/llabs, min/max idioms, clamping and sign functions.
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int imin(int a, int b) { return a < b ? a : b; }
static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
static int sign(long v) { return (v > 0) - (v < 0); }
static int branchless_abs(int x) { int m = x >> 31; return (x ^ m) - m; }

int main(void) {
    int xs[] = {-5, 0, 7, -2147483000, 42, -1, 100};
    int n = 7;
    for (int i = 0; i < n; i++)
        printf("x=%d abs=%d babs=%d labs=%ld llabs=%lld sign=%d clamp=%d\n", xs[i], abs(xs[i]),
               branchless_abs(xs[i]), labs((long)xs[i] * 3), llabs((long long)xs[i] * 1000000LL),
               sign(xs[i]), clamp(xs[i], -10, 50));
    int lo = xs[0], hi = xs[0];
    for (int i = 1; i < n; i++) { lo = MIN(lo, xs[i]); hi = MAX(hi, xs[i]); }
    printf("min=%d max=%d imin(3,-3)=%d\n", lo, hi, imin(3, -3));
    printf("signed vs unsigned max: MAX(-1, 1u)=%u umax(5,7)=%u\n", MAX(-1, 1u), umax(5, 7));
    double d1 = -2.5, d2 = 1.25;
    printf("double min %.2f max %.2f\n", MIN(d1, d2), MAX(d1, d2));
    long long big = -9000000000LL;
    printf("llabs %lld labs %ld\n", llabs(big), labs(-77L));
    div_t dv = div(-17, 5);
    ldiv_t ldv = ldiv(1000000007L, -13L);
    printf("div(-17,5) quot=%d rem=%d; ldiv quot=%ld rem=%ld\n", dv.quot, dv.rem, ldv.quot, ldv.rem);
    int best = -1, besti = -1;
    for (int i = 0; i < n; i++) {
        int score = abs(xs[i] - 40);
        if (besti < 0 || score < best) { best = score; besti = i; }
    }
    printf("closest to 40: xs[%d]=%d dist=%d\n", besti, xs[besti], best);
    unsigned char a = 200, b = 100;
    printf("uchar max %d min %d\n", MAX(a, b), MIN(a, b));
    int sum = 0;
    for (int i = -50; i <= 50; i++) sum += clamp(i * 3, -60, 90) + abs(i) - imin(i, 0);
    printf("sum %d\n", sum);
    return 0;
}
