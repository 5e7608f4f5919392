#include <klee/klee.h>
int main(void) {
    int a = klee_apply_symbolic("rho", 1, (int[]){ 1 });
    int b = klee_apply_symbolic("rho", 2, (int[]){ 1, 2 });
    return a + b;
}
