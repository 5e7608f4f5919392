// Regression (found by adversarial testing): runtime strtof = (float)strtod (double rounding); also affects scanf %f (documented in stdlib.c, still a mismatch)
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    float f = strtof("1.0000000596046448", NULL);
    float g; sscanf("1.0000000596046448", "%f", &g);
    printf("%a %a\n", (double)f, (double)g);
    return 0;
}
