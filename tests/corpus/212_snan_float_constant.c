// Regression (found by adversarial testing): float constants go through LLVMConstRealGetDouble + 'as f32', which quiets signalling NaNs (0x7fa00000 -> 0x7fe00000); also in global initializers
#include <stdio.h>
#include <string.h>
int main(void) {
    float f = __builtin_nansf("");
    unsigned u; memcpy(&u, &f, 4);
    printf("%08x\n", u);
    return 0;
}
