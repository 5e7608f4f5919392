// printf floating-point formats: %f %.3f %e %E %g %G %10.4f %-10.2f %+f and friends.
#include <stdio.h>

int main(void) {
    double v[] = {0.0, 1.0, -1.0, 3.14159265358979, -2.71828182845905, 123456.789, 0.000123456,
                  1e-10, 6.02214076e23, 1234567890.125, 0.5, 99.995, 1e100, -0.0};
    int n = sizeof v / sizeof v[0];
    for (int i = 0; i < n; i++) {
        double d = v[i];
        printf("[%f] [%.3f] [%e] [%.2E] [%g] [%G] [%10.4f] [%-10.2f] [%+.1f]\n",
               d, d, d, d, d, d, d, d, d);
    }
    printf("[%.0f] [%.0f] [%.0f] [%.0f]\n", 0.5, 1.5, 2.5, -0.5);
    printf("[%#.0f] [%#g] [%#x]\n", 3.0, 2.0, 255);
    printf("[%012.4f] [% f] [%+e]\n", -3.5, 2.25, 12345.678);
    printf("[%.10g] [%.15g] [%.17g]\n", 0.1, 0.1, 0.1);
    printf("[%g] [%g] [%g] [%g]\n", 100000.0, 1000000.0, 1e-4, 1e-5);
    printf("[%*.*f] [%-*d]\n", 12, 3, 2.0 / 3.0, 6, 42);
    float f = 1.1f;
    printf("float promoted: %f %.10f %g\n", f, f, f);
    printf("[%5.1f%%] [%.2f/%.2f]\n", 45.678, 1.0, 3.0);
    double zero = 0.0;
    printf("[%f] [%e] [%g] [%5.1f]\n", 1.0 / zero, -1.0 / zero, 1.0 / zero, -1.0 / zero);
    for (int p = 0; p <= 8; p += 2) printf("%.*f|", p, 1.0 / 7.0);
    printf("\n");
    for (int p = 1; p <= 6; p++) printf("%.*e|", p, 98765.4321);
    printf("\n");
    double acc = 1;
    for (int i = 0; i < 8; i++) { acc *= 7.3; printf("%g %e\n", acc, 1.0 / acc); }
    return 0;
}
