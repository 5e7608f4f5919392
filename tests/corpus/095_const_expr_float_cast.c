// csmith differential testing (csmith --float): int->float casts inside
// LLVM constant expressions.  Comparing addresses of two globals is not
// folded by clang-14, so `(float)(&a[1] != &b)` becomes the constant
// expression `uitofp (i1 icmp ne (i32* getelementptr (@a, 0, 1), i32* @b)
// to float)`, used directly as a store/call operand; `(float)(long)&b` gives
// `sitofp (i64 ptrtoint (i32* @b to i64) to float)`.  The integer forms
// (zext/sext/ptrtoint of such icmps) already work; only the FP casts fail.
// Seen in csmith seed 1063 (with CSMITH_EXTRA="--float --no-bitfields").
// Expected (native):  "1 -1" then exit 0
// Actual (se2repair): nothing printed, exit 1;
//   "unsupported: constant expression LLVMUIToFP"  (LLVMSIToFP for the 2nd
//   line alone; `(int)(float)(&a[1] != &b)` gives LLVMFPToSI: all FP cast
//   opcodes are missing from the constant-expression evaluator)
#include <stdio.h>
int a[3];
int b;
int main(void) {
    float f = (&a[1] != &b);            /* uitofp constant expression */
    double d = -(int)(&a[1] != &b);     /* sitofp constant expression */
    printf("%d %d\n", (int)f, (int)d);
    return 0;
}
