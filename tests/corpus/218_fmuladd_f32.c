// Regression (found by adversarial testing): llvm.fmuladd.f32 evaluated as x*y+z in f64 then rounded (= fused); native (no FMA) rounds the float product first
#include <stdio.h>
int main(void) {
    volatile float a = 1.0f + 0x1p-12f, b = 1.0f + 0x1p-12f, c = -1.0f;
    float r = a * b + c;   /* clang emits llvm.fmuladd.f32 (-ffp-contract=on) */
    printf("%a\n", (double)r);
    return 0;
}
