// Regression (found by adversarial testing): __builtin_add_overflow with mixed signedness uses llvm.sadd.with.overflow.i65; the overflow intrinsic has no wide (>64-bit) path and reports 'symbolic integers wider than 64 bits' for concrete values
#include <stdio.h>
#include <stdint.h>
int main(void) {
    volatile int64_t a = -5; volatile uint64_t b = 3;
    int64_t r; int o = __builtin_add_overflow(a, b, &r);   /* llvm.sadd.with.overflow.i65 */
    printf("%d %lld\n", o, (long long)r);
    return 0;
}
