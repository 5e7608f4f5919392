// Regression (found by adversarial testing): sitofp i64 -> float is computed as i64->f64->f32 (double rounding); cast_const SiToFp should convert straight to f32
#include <stdio.h>
int main(void) {
    volatile long long x = (1LL << 60) + (1LL << 36) + 1;
    printf("%.1f\n", (double)(float)x);
    return 0;
}
