/* First- and second-order variables together: the witness depends on a
   symbolic input, and a nested application. */
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
    int n;
    klee_make_symbolic(&n, sizeof n, "n");
    klee_assume(n >= 0);
    klee_assume(n < 5);
    int a = klee_apply_symbolic("f", 1, (int[]){ n });
    int b = klee_apply_symbolic("f", 1, (int[]){ a });
    if (a > n)
        puts(b > a ? "up-up" : "up-down");
    else
        puts("down");
    return 0;
}
