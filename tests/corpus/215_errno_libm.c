// Regression (found by adversarial testing): math functions (Special::Math) never set errno (EDOM/ERANGE) as glibc does
#include <stdio.h>
#include <errno.h>
#include <math.h>
int main(void) {
    volatile double m1 = -1.0, z = 0.0, big = 1000.0;
    errno = 0; sqrt(m1); printf("sqrt EDOM %d\n", errno == EDOM);
    errno = 0; log(z);   printf("log ERANGE %d\n", errno == ERANGE);
    errno = 0; exp(big); printf("exp ERANGE %d\n", errno == ERANGE);
    return 0;
}
