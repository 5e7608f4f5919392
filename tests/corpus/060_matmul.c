// CFLAGS: -O1
// Integer and double matrix multiplication, identity check, transpose, power by squaring, determinant.
#include <stdio.h>

#define N 6
typedef long mat[N][N];

static void mul(mat r, mat a, mat b) {
    mat t;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { long s = 0; for (int k = 0; k < N; k++) s += a[i][k] * b[k][j]; t[i][j] = s; }
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) r[i][j] = t[i][j];
}
static void print(const char *name, mat m) {
    printf("%s:\n", name);
    for (int i = 0; i < N; i++) { for (int j = 0; j < N; j++) printf("%8ld", m[i][j]); printf("\n"); }
}
static double det3(double m[3][3]) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int main(void) {
    mat a, b, c, id, p;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 3 + j * 5) % 7 - 3;
            b[i][j] = (i == j) * 2 + (i + j) % 3;
            id[i][j] = i == j;
        }
    mul(c, a, b);
    print("a*b", c);
    mul(p, a, id);
    int same = 1;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) same &= p[i][j] == a[i][j];
    printf("a*I == a: %d\n", same);
    mat fib = {{0}};
    fib[0][0] = fib[0][1] = fib[1][0] = 1;
    for (int i = 2; i < N; i++) fib[i][i] = 1;
    mat res;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) res[i][j] = i == j;
    int e = 60;
    mat base;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) base[i][j] = fib[i][j];
    while (e) { if (e & 1) mul(res, res, base); mul(base, base, base); e >>= 1; }
    printf("fib(60) via matrix power: %ld\n", res[0][1]);
    long trace = 0;
    mul(c, c, b);
    for (int i = 0; i < N; i++) trace += c[i][i];
    printf("trace(a*b*b) = %ld\n", trace);
    double m[3][3] = {{2, -1, 0}, {-1, 2, -1}, {0, -1, 2}};
    double d[3][3];
    for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) { d[i][j] = 0; for (int k = 0; k < 3; k++) d[i][j] += m[i][k] * m[k][j] * 0.5; }
    printf("det m %.3f det m*m/2 %.3f\n", det3(m), det3(d));
    for (int i = 0; i < 3; i++) printf("%7.2f %7.2f %7.2f\n", d[i][0], d[i][1], d[i][2]);
    return 0;
}
