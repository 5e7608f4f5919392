#include <klee/klee.h>
int main(void) {
    return klee_apply_symbolic("rho", 2, (int *)0) > 0;
}
