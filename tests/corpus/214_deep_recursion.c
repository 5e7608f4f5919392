// Regression (found by adversarial testing): call depth limit 10000 (not configurable) rejects recursion that runs natively
#include <stdio.h>
static long depth(long n) { return n == 0 ? 0 : 1 + depth(n - 1); }
int main(void) {
    printf("%ld\n", depth(20000));
    return 0;
}
