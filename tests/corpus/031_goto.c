// goto: error-cleanup chains, breaking out of nested loops, backward goto loops.
#include <stdio.h>
#include <stdlib.h>

static int process(int fail_at) {
    int rc = -1;
    int *a = NULL, *b = NULL, *c = NULL;
    if (fail_at == 1) goto out;
    a = malloc(16 * sizeof *a);
    if (!a) goto out;
    if (fail_at == 2) goto free_a;
    b = malloc(16 * sizeof *b);
    if (!b) goto free_a;
    if (fail_at == 3) goto free_b;
    c = malloc(16 * sizeof *c);
    if (!c) goto free_b;
    for (int i = 0; i < 16; i++) { a[i] = i; b[i] = 2 * i; c[i] = a[i] + b[i]; }
    rc = c[15];
    free(c);
free_b:
    free(b);
free_a:
    free(a);
out:
    printf("process(%d) -> %d\n", fail_at, rc);
    return rc;
}

static int find_pair(int target) {
    int i, j;
    for (i = 1; i < 50; i++)
        for (j = i; j < 50; j++)
            if (i * j == target && i + j > 20) goto found;
    printf("no pair for %d\n", target);
    return 0;
found:
    printf("pair for %d: %d*%d\n", target, i, j);
    return i;
}

int main(void) {
    for (int k = 0; k <= 3; k++) process(k);
    find_pair(96);
    find_pair(97);
    find_pair(360);
    int n = 0, sum = 0;
again:
    sum += n * n;
    n++;
    if (n < 10) goto again;
    printf("sum of squares via goto: %d\n", sum);
    int x = 27, steps = 0;
top:
    if (x == 1) goto done;
    x = x % 2 ? 3 * x + 1 : x / 2;
    steps++;
    goto top;
done:
    printf("collatz(27) steps %d\n", steps);
    int i = 0;
    goto middle;
    while (i < 5) {
        printf("loop body %d\n", i);
    middle:
        i += 2;
    }
    printf("i=%d\n", i);
    return 0;
}
