// Regression (found by adversarial testing): float constant expressions (fadd/fmul of uitofp(icmp of two global addresses)) are not folded: 'unsupported: constant expression LLVMFAdd'
#include <stdio.h>
float ga[4];
int gb[4];
int main(void) {
    volatile float x = 3.0f;
    float r = x * ((float)((void *)&ga[3] == (void *)&gb[1]) * 0.5f + 1.0f);
    printf("%g\n", r);
    return 0;
}
