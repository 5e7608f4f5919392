// Regression (found by adversarial testing): fptosi double -> i128 goes through the 64-bit path and saturates to INT64_MAX (silent wrong result)
#include <stdio.h>
int main(void) {
    volatile double d = 1e30;
    __int128 v = (__int128)d;
    printf("%llx %llx\n", (unsigned long long)(v >> 64), (unsigned long long)v);
    return 0;
}
