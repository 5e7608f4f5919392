// 1-D and 2-D arrays, arrays as parameters, row/column sums, transposition, VLA-free.
#include <stdio.h>

#define R 4
#define C 5

static void fill(int m[R][C]) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = (i + 1) * (j + 2) - 3 * (i ^ j);
}
static void print(const int m[][C], int rows) {
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < C; j++) printf("%4d", m[i][j]);
        printf("\n");
    }
}
static int sum1d(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }

int main(void) {
    int m[R][C];
    fill(m);
    print(m, R);
    for (int i = 0; i < R; i++) printf("row %d sum %d\n", i, sum1d(m[i], C));
    for (int j = 0; j < C; j++) {
        int s = 0;
        for (int i = 0; i < R; i++) s += m[i][j];
        printf("col %d sum %d\n", j, s);
    }
    printf("flat sum %d\n", sum1d(&m[0][0], R * C));
    int t[C][R];
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) t[j][i] = m[i][j];
    for (int j = 0; j < C; j++) { for (int i = 0; i < R; i++) printf("%4d", t[j][i]); printf("\n"); }
    int tri[6][6] = {{0}};
    for (int i = 0; i < 6; i++) {
        tri[i][0] = tri[i][i] = 1;
        for (int j = 1; j < i; j++) tri[i][j] = tri[i - 1][j - 1] + tri[i - 1][j];
    }
    for (int i = 0; i < 6; i++) { for (int j = 0; j <= i; j++) printf("%d ", tri[i][j]); printf("\n"); }
    char grid[3][4] = {"abc", "def", "ghi"};
    for (int i = 0; i < 3; i++) printf("%s|%c\n", grid[i], grid[2 - i][i]);
    int init[2][3] = {{1, 2}, {4}};
    for (int i = 0; i < 2; i++) printf("%d %d %d\n", init[i][0], init[i][1], init[i][2]);
    long big[3][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}, {{9, 10}, {11, 12}}};
    long s3 = 0;
    for (int a = 0; a < 3; a++) for (int b = 0; b < 2; b++) for (int c = 0; c < 2; c++) s3 += big[a][b][c] * (a - b + c);
    printf("3d weighted %ld, sizeof big %zu, sizeof big[1] %zu\n", s3, sizeof big, sizeof big[1]);
    int (*rowp)[C] = m + 2;
    printf("rowp[0][3]=%d rowp[1][0]=%d\n", rowp[0][3], rowp[1][0]);
    return 0;
}
