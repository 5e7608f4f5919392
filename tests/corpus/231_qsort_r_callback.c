// Regression (found by adversarial testing): libc functions taking callbacks (qsort_r, lfind, tsearch, ...) are not modelled; FFI rejects the VM function pointer -> ptr error exit 139
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b, void *ctx) { int d = *(int *)ctx; return (*(const int *)a - *(const int *)b) * d; }
int main(void) {
    int v[5] = {3, 1, 4, 1, 5}, dir = -1;
    qsort_r(v, 5, sizeof v[0], cmp, &dir);
    for (int i = 0; i < 5; i++) printf("%d ", v[i]);
    printf("\n");
    return 0;
}
