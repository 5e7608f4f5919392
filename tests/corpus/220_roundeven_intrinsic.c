// Regression (found by adversarial testing): llvm.roundeven.* (roundeven() at -O1) is not in the intrinsic table
// CFLAGS: -O1
#include <stdio.h>
#include <math.h>
double roundeven(double);
int main(void) {
    volatile double x = 2.5;
    printf("%g\n", roundeven(x));   /* -O1: llvm.roundeven.f64 */
    return 0;
}
