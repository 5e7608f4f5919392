// Regression (found by adversarial testing): llvm.global_ctors / llvm.global_dtors are ignored: __attribute__((constructor/destructor)) functions never run (silent wrong output)
#include <stdio.h>
static int initialized;
__attribute__((constructor)) static void init(void) { initialized = 42; }
__attribute__((destructor)) static void fini(void) { printf("destructor ran %d\n", initialized); }
int main(void) {
    printf("initialized=%d\n", initialized);
    return 0;
}
