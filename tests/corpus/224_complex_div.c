// Regression (found by adversarial testing): double complex division calls __divdc3 (compiler-rt/libgcc), external with aggregate return -> unsupported
#include <stdio.h>
#include <complex.h>
int main(void) {
    volatile double a = 1.5, b = -2.0;
    double complex z = a + b * I, w = 0.5 - 3.0 * I;
    double complex q = z / w;   /* calls __divdc3 */
    printf("%g %g\n", creal(q), cimag(q));
    return 0;
}
