// Regression (found by adversarial testing): llvm.*.with.overflow.i128 (__builtin_*_overflow on __int128): overflow() has no wide path -> "aggregate or wide integer used as 64-bit multiplication operand"
#include <stdio.h>
int main(void) {
    volatile unsigned long long k = 3;
    unsigned __int128 x = ((unsigned __int128)1 << 127) | 1, r;
    int o = __builtin_mul_overflow(x, (unsigned __int128)k, &r);   /* llvm.umul.with.overflow.i128 */
    printf("%d %llx\n", o, (unsigned long long)r);
    return 0;
}
