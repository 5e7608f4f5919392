// CFLAGS: -O1
// Variable-length arrays with runtime sizes (1-D, 2-D, passed to functions as int (*)[n]), sizeof on VLAs, alloca in a loop, VLAs in block scope re-entered.
#include <stdio.h>
#include <alloca.h>
#include <string.h>

static long trace(int n, int m[n][n]) { long t = 0; for (int i = 0; i < n; i++) t += m[i][i]; return t; }
static void fill(int r, int c, int a[r][c]) { for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) a[i][j] = i * c + j; }
static long sum2(int r, int c, int a[r][c]) { long s = 0; for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) s += a[i][j] * (i - j); return s; }

static int joined_len(int k, const char **parts) {
    char *buf = alloca(1);
    buf[0] = 0;
    size_t len = 0;
    for (int i = 0; i < k; i++) {
        size_t pl = strlen(parts[i]);
        char *nb = alloca(len + pl + 2);
        memcpy(nb, buf, len);
        memcpy(nb + len, parts[i], pl);
        nb[len + pl] = '+';
        nb[len + pl + 1] = 0;
        buf = nb;
        len += pl + 1;
    }
    printf("joined %s\n", buf);
    return (int)len;
}

int main(int argc, char **argv) {
    (void)argv;
    for (int n = 1; n <= 6; n += argc) {
        int m[n][n];
        printf("n=%d sizeof=%zu row=%zu ", n, sizeof m, sizeof m[0]);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m[i][j] = (i + 1) * (j + 2) - n;
        printf("trace=%ld\n", trace(n, m));
    }
    int r = 3 + argc, c = 5 - argc;
    int a[r][c];
    fill(r, c, a);
    printf("sum2=%ld last=%d\n", sum2(r, c, a), a[r - 1][c - 1]);
    long total = 0;
    for (int k = 0; k < 1000; k++) {
        int len = k % 17 + 1;
        char v[len];
        memset(v, 'a' + k % 26, sizeof v);
        total += v[len - 1] * len;
    }
    printf("total=%ld\n", total);
    const char *parts[] = {"alpha", "be", "g", "delta"};
    printf("len=%d\n", joined_len(4, parts));
    double (*dp)[c] = (double (*)[c])a;
    printf("stride=%zu\n", sizeof *dp);
    return 0;
}
