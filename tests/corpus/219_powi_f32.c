// Regression (found by adversarial testing): llvm.powi.f32 evaluated in f64 (x.powi) then rounded; native __powisf2 multiplies in float
#include <stdio.h>
int main(void) {
    volatile float z = 0.3f; volatile int m = 13;
    printf("%a\n", (double)__builtin_powif(z, m));
    return 0;
}
