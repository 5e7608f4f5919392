// CFLAGS: -O1
// Phi cycles: variables swapped/rotated every iteration (parallel phi moves at -O1), Fibonacci pairs, rotating triples.
#include <stdio.h>

static unsigned long long fib_pair(int n) {
    unsigned long long a = 0, b = 1;
    for (int i = 0; i < n; i++) { unsigned long long t = a; a = b; b = t + b; }
    return a;
}

static void rotate3(int n, int *out) {
    int x = 1, y = 2, z = 3;
    for (int i = 0; i < n; i++) { int t = x; x = y; y = z; z = t; }
    out[0] = x; out[1] = y; out[2] = z;
}

static int swap_count(int n) {
    int a = 7, b = -3, c = 0;
    for (int i = 0; i < n; i++) {
        int t = a; a = b; b = t;          /* pure swap */
        if (i & 1) c += a - b; else c -= a * 2;
    }
    return c + a * 100 + b;
}

static unsigned gcd(unsigned a, unsigned b) {
    while (b) { unsigned t = a % b; a = b; b = t; }
    return a;
}

static long lfsr_pair(int n) {
    unsigned s0 = 0x12345678u, s1 = 0x9abcdef0u;
    for (int i = 0; i < n; i++) {
        unsigned t = s0 ^ (s0 << 11);
        s0 = s1;
        s1 = s1 ^ (s1 >> 19) ^ t ^ (t >> 8);
    }
    return (long)s0 * 3 + s1;
}

static double pell(int n) {
    double p = 0, q = 1;
    for (int i = 0; i < n; i++) { double r = 2 * q + p; p = q; q = r; }
    return q / p;
}

int main(void) {
    for (int n = 0; n <= 90; n += 9) printf("fib(%d)=%llu\n", n, fib_pair(n));
    int r[3];
    for (int n = 0; n < 7; n++) { rotate3(n, r); printf("rot%d=%d%d%d ", n, r[0], r[1], r[2]); }
    printf("\n");
    for (int n = 0; n < 6; n++) printf("swap%d=%d ", n, swap_count(n));
    printf("\n");
    printf("gcd %u %u %u\n", gcd(1071, 462), gcd(17, 5), gcd(0, 9));
    printf("lfsr %ld %ld\n", lfsr_pair(10), lfsr_pair(1000));
    printf("pell %.12f\n", pell(30));
    /* a loop whose two accumulators feed each other */
    int u = 1, v = 0;
    for (int i = 0; i < 20; i++) { int nu = u + 2 * v; int nv = u - v; u = nu % 10007; v = nv; }
    printf("uv %d %d\n", u, v);
    return 0;
}
