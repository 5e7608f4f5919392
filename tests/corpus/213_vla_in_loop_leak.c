// Regression (found by adversarial testing): llvm.stackrestore is a no-op: VLAs in a loop are never released -> memory limit (exit 124)
#include <stdio.h>
int main(void) {
    long total = 0;
    for (int i = 0; i < 2000000; i++) {
        int n = 2000 + (i & 7);
        char buf[n];              /* freed natively at the end of each iteration */
        buf[0] = (char)i; buf[n - 1] = 1;
        total += buf[0] + buf[n - 1];
    }
    printf("%ld\n", total);
    return 0;
}
