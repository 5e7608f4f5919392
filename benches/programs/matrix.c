/* Benchmark: integer matrix multiplication (naive ijk and cache-friendlier ikj),
 * transpose, and a few passes over 2-D arrays (prefix sums, stencil, max search).
 * Prints checksums. Deterministic, no input. */
#include <stdio.h>

#define N 96

static long a[N][N], b[N][N], c[N][N], d[N][N], t[N][N];

static void init(void) {
    unsigned s = 42;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            s = s * 1664525u + 1013904223u;
            a[i][j] = (long)(s >> 24) - 128;
            s = s * 1664525u + 1013904223u;
            b[i][j] = (long)(s >> 25) - 64;
        }
}

static void mul_ijk(long r[N][N], long x[N][N], long y[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            long sum = 0;
            for (int k = 0; k < N; k++) sum += x[i][k] * y[k][j];
            r[i][j] = sum;
        }
}

static void mul_ikj(long r[N][N], long x[N][N], long y[N][N]) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) r[i][j] = 0;
        for (int k = 0; k < N; k++) {
            long xv = x[i][k];
            for (int j = 0; j < N; j++) r[i][j] += xv * y[k][j];
        }
    }
}

static unsigned long long checksum(long m[N][N]) {
    unsigned long long h = 1469598103934665603ULL;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) { h ^= (unsigned long long)m[i][j]; h *= 1099511628211ULL; }
    return h;
}

int main(void) {
    init();
    mul_ijk(c, a, b);
    mul_ikj(d, a, b);
    int same = 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) same &= c[i][j] == d[i][j];
    printf("ijk == ikj: %d, checksum %llu\n", same, checksum(c));

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) t[j][i] = c[i][j];
    long trace = 0;
    for (int i = 0; i < N; i++) trace += t[i][i];
    printf("trace %ld, t[3][5]=%ld c[5][3]=%ld\n", trace, t[3][5], c[5][3]);

    mul_ikj(d, c, a); /* (a*b)*a, values grow but stay within long range */
    printf("(a*b)*a checksum %llu, d[0][0]=%ld\n", checksum(d), d[0][0]);

    /* 2-D prefix sums over a */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            t[i][j] = a[i][j] + (i ? t[i - 1][j] : 0) + (j ? t[i][j - 1] : 0) - (i && j ? t[i - 1][j - 1] : 0);
    printf("prefix total %ld, quadrant %ld\n", t[N - 1][N - 1], t[N / 2 - 1][N / 2 - 1]);

    /* 5-point stencil passes */
    for (int pass = 0; pass < 4; pass++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                d[i][j] = (4 * b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]) / 8;
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++) b[i][j] = d[i][j];
    }
    long best = b[0][0];
    int bi = 0, bj = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (b[i][j] > best) { best = b[i][j]; bi = i; bj = j; }
    printf("stencil checksum %llu, max %ld at (%d,%d)\n", checksum(b), best, bi, bj);
    return 0;
}
