/* The paper's Fig. 2: t = rho(i, x) in a loop, branching on its sign.
   ITERATIONS and X may be overridden with -D. */
#include <klee/klee.h>
#include <stdio.h>
#ifndef ITERATIONS
#define ITERATIONS 10
#endif
#ifndef X
#define X 4
#endif

int main(void) {
    int x = X;
    for (int i = 0; i < ITERATIONS; i++) {
        int t = klee_apply_symbolic("rho", 2, (int[]){ i, x });
        if (t > 0)
            putchar('+');
        else
            putchar('-');
    }
    putchar('\n');
    return 0;
}
