// Regression (found by adversarial testing): undefined weak symbols get a non-NULL address instead of NULL; calling through them is then an error
#include <stdio.h>
extern int missing_var __attribute__((weak));
extern int missing_fn(int) __attribute__((weak));
int main(void) {
    printf("%d %d\n", &missing_var == 0, missing_fn == 0);
    if (missing_fn) printf("%d\n", missing_fn(3));
    return 0;
}
