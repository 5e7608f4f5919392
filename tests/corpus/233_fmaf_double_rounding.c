// Regression (found by adversarial testing): fmaf / llvm.fma.f32 computed as f64 mul_add then rounded to float (double rounding); glibc fmaf is correctly rounded
#include <stdio.h>
#include <math.h>
int main(void) {
    volatile float a = 1.0f + 0x1p-12f, c = 0x1p-70f;
    printf("%a\n", (double)fmaf(a, a, c));
    printf("%a\n", (double)__builtin_fmaf(a, a, c));
    return 0;
}
