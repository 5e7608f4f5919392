// Regression (found by adversarial testing): llvm.flt.rounds (FLT_ROUNDS) is not in the intrinsic table
#include <stdio.h>
#include <float.h>
int main(void) {
    printf("%d\n", FLT_ROUNDS);   /* llvm.flt.rounds */
    return 0;
}
