// Regression (found by adversarial testing): llvm.lround / llvm.llround / llvm.lrint / llvm.llrint (emitted for lround() & co. under -fno-math-errno or -ffast-math, at any -O) are not in the intrinsic table
// CFLAGS: -fno-math-errno
// CFLAGS: -fno-math-errno
#include <stdio.h>
#include <math.h>
int main(void) {
    volatile double x = 2.5;
    printf("%ld %lld %ld %lld\n", lround(x), llround(-x), lrint(x), llrint(x + 1));
    return 0;
}
