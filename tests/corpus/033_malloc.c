// malloc/calloc/realloc/free: growing buffers, zero-initialised memory, arrays of pointers.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int *a = malloc(10 * sizeof *a);
    for (int i = 0; i < 10; i++) a[i] = i * 11;
    a = realloc(a, 20 * sizeof *a);
    for (int i = 10; i < 20; i++) a[i] = -i;
    long s = 0;
    for (int i = 0; i < 20; i++) s += a[i];
    printf("sum after realloc grow %ld, a[9]=%d a[19]=%d\n", s, a[9], a[19]);
    a = realloc(a, 5 * sizeof *a);
    printf("after shrink: %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4]);
    free(a);
    double *z = calloc(8, sizeof *z);
    int zeros = 0;
    for (int i = 0; i < 8; i++) zeros += z[i] == 0.0;
    printf("calloc zeros %d\n", zeros);
    free(z);
    char **rows = malloc(6 * sizeof *rows);
    for (int i = 0; i < 6; i++) {
        rows[i] = malloc((size_t)i + 2);
        memset(rows[i], 'a' + i, (size_t)i + 1);
        rows[i][i + 1] = '\0';
    }
    for (int i = 0; i < 6; i++) printf("%s\n", rows[i]);
    for (int i = 0; i < 6; i++) free(rows[i]);
    free(rows);
    char *grow = NULL;
    size_t len = 0, cap = 0;
    for (int i = 0; i < 40; i++) {
        char piece[8];
        int k = snprintf(piece, sizeof piece, "%d,", i * 7);
        if (len + (size_t)k + 1 > cap) {
            cap = cap ? cap * 2 : 4;
            while (cap < len + (size_t)k + 1) cap *= 2;
            grow = realloc(grow, cap);
            printf("grew to %zu at i=%d\n", cap, i);
        }
        memcpy(grow + len, piece, (size_t)k + 1);
        len += (size_t)k;
    }
    printf("built %zu chars: %.30s...\n", len, grow);
    free(grow);
    void *p = realloc(NULL, 32);
    memset(p, 0x5a, 32);
    printf("realloc(NULL) usable: %d\n", ((unsigned char *)p)[31]);
    free(p);
    free(NULL);
    int **matrix = calloc(4, sizeof *matrix);
    for (int i = 0; i < 4; i++) { matrix[i] = calloc(4, sizeof **matrix); matrix[i][i] = i + 1; matrix[i][3 - i] += 10; }
    for (int i = 0; i < 4; i++) { for (int j = 0; j < 4; j++) printf("%3d", matrix[i][j]); printf("\n"); free(matrix[i]); }
    free(matrix);
    return 0;
}
