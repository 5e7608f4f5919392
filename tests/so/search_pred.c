/* The paper's Fig. 1: search(data, len, pred) with pred second-order. */
#include <klee/klee.h>
#include <stdio.h>

static int pred(int x) {
    return klee_apply_symbolic("pred", 1, (int[]){ x });
}

static int search(const int *data, int len, int (*p)(int)) {
    for (int i = 0; i < len; i++)
        if (p(data[i]))
            return i;
    return -1;
}

int main(void) {
    int data[] = { 1, 2, 3 };
    printf("%d\n", search(data, 3, pred));
    return 0;
}
