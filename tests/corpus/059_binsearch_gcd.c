// Binary search variants (lower/upper bound), integer sqrt by bisection, gcd/lcm/extended gcd.
#include <stdio.h>

static int lower_bound(const int *a, int n, int x) { int lo = 0, hi = n; while (lo < hi) { int m = lo + (hi - lo) / 2; if (a[m] < x) lo = m + 1; else hi = m; } return lo; }
static int upper_bound(const int *a, int n, int x) { int lo = 0, hi = n; while (lo < hi) { int m = lo + (hi - lo) / 2; if (a[m] <= x) lo = m + 1; else hi = m; } return lo; }
static long isqrt(long n) { long lo = 0, hi = n < 2 ? n : n / 2 + 1; while (lo < hi) { long m = (lo + hi + 1) / 2; if (m <= n / m) lo = m; else hi = m - 1; } return lo; }
static long gcd(long a, long b) { if (a < 0) a = -a; if (b < 0) b = -b; while (b) { long t = a % b; a = b; b = t; } return a; }
static long gcd_rec(long a, long b) { return b == 0 ? a : gcd_rec(b, a % b); }
static long lcm(long a, long b) { return a / gcd(a, b) * b; }
static long ext_gcd(long a, long b, long *x, long *y) {
    if (b == 0) { *x = 1; *y = 0; return a; }
    long x1, y1, g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1; *y = x1 - (a / b) * y1;
    return g;
}
static unsigned binary_gcd(unsigned a, unsigned b) {
    if (!a) return b; if (!b) return a;
    int sh = __builtin_ctz(a | b);
    a >>= __builtin_ctz(a);
    do { b >>= __builtin_ctz(b); if (a > b) { unsigned t = a; a = b; b = t; } b -= a; } while (b);
    return a << sh;
}

int main(void) {
    int a[] = {1, 3, 3, 3, 5, 8, 8, 13, 21, 21, 21, 21, 34, 55};
    int n = sizeof a / sizeof a[0];
    int qs[] = {0, 1, 2, 3, 4, 8, 9, 21, 34, 55, 56};
    for (int i = 0; i < 11; i++) {
        int lb = lower_bound(a, n, qs[i]), ub = upper_bound(a, n, qs[i]);
        printf("x=%2d lower %2d upper %2d count %d\n", qs[i], lb, ub, ub - lb);
    }
    long sq[] = {0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 1000000, 999999999999L, 9223372036854775807L};
    for (int i = 0; i < 13; i++) printf("isqrt(%ld)=%ld\n", sq[i], isqrt(sq[i]));
    long pairs[][2] = {{12, 18}, {17, 5}, {0, 9}, {-48, 36}, {1071, 462}, {1234567890L, 987654321L}, {2L << 40, 6L << 30}};
    for (int i = 0; i < 7; i++) {
        long x, y, p = pairs[i][0], q = pairs[i][1];
        long g = gcd(p, q);
        printf("gcd(%ld,%ld)=%ld rec=%ld", p, q, g, gcd_rec(p < 0 ? -p : p, q));
        if (p > 0 && q > 0) {
            long e = ext_gcd(p, q, &x, &y);
            printf(" lcm=%ld ext: %ld*%ld + %ld*%ld = %ld", lcm(p, q), p, x, q, y, e);
        }
        printf("\n");
    }
    unsigned total = 0;
    for (unsigned i = 1; i < 200; i++) for (unsigned j = 1; j < 50; j++) total += binary_gcd(i, j) == (unsigned)gcd(i, j);
    printf("binary gcd agreements %u of %u\n", total, 199u * 49u);
    long l = 1;
    for (int i = 1; i <= 20; i++) l = lcm(l, i);
    printf("lcm(1..20)=%ld\n", l);
    return 0;
}
