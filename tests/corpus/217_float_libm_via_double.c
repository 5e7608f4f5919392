// Regression (found by adversarial testing): sinf/expf/logf (Special::Math on C names with 'f' suffix) computed as (float)sin((double)x); glibc's float versions differ in the last bit
#include <stdio.h>
#include <math.h>
int main(void) {
    volatile float x = 0x1.6573f6p-5f, y = -0x1.3fc4fp+4f, z = 0x1.61bfa2p-6f;
    printf("%a %a %a\n", (double)sinf(x), (double)expf(y), (double)logf(z));
    return 0;
}
