// float and double arithmetic, comparisons, accumulation error, special values.
#include <stdio.h>

static double horner(const double *c, int n, double x) {
    double r = 0;
    for (int i = n - 1; i >= 0; i--) r = r * x + c[i];
    return r;
}

int main(void) {
    float a = 1.5f, b = 2.25f;
    double x = 1.5, y = 2.25;
    printf("float: %f %f %f %f\n", a + b, a - b, a * b, a / b);
    printf("double: %f %f %f %f\n", x + y, x - y, x * y, x / y);
    float fs = 0; double ds = 0;
    for (int i = 0; i < 1000; i++) { fs += 0.1f; ds += 0.1; }
    printf("sum 0.1 x1000: float %.6f double %.12f\n", fs, ds);
    printf("0.1+0.2==0.3: %d, float: %d\n", 0.1 + 0.2 == 0.3, 0.1f + 0.2f == 0.3f);
    double coef[] = {1, -3, 0.5, 2};
    for (double t = -2; t <= 2; t += 0.5) printf("p(%.1f)=%.4f\n", t, horner(coef, 4, t));
    float small = 1e-30f;
    printf("small*small float=%g double=%g\n", small * small, (double)small * small);
    double zero = 0.0;
    double inf = 1.0 / zero, ninf = -1.0 / zero;
    printf("inf=%f -inf=%f inf>1e308 %d\n", inf, ninf, inf > 1e308);
    double nan = zero / zero;
    printf("nan==nan %d nan!=nan %d nan<1 %d\n", nan == nan, nan != nan, nan < 1);
    printf("-0.0: %f, == 0: %d\n", -0.0, -0.0 == 0.0);
    float fneg = -a;
    printf("neg %f, mixed %f\n", fneg, fneg * x + b);
    double newton = 1;
    for (int i = 0; i < 6; i++) { newton = 0.5 * (newton + 2 / newton); printf("sqrt2 iter %d: %.15f\n", i, newton); }
    double pi = 0;
    for (int k = 0; k < 100000; k++) pi += (k % 2 ? -4.0 : 4.0) / (2 * k + 1);
    printf("leibniz pi %.8f\n", pi);
    float ff = 16777216.0f;
    printf("2^24+1 in float %.1f\n", ff + 1.0f);
    double dmax = 1.7976931348623157e308;
    printf("max %e, max*2 %e\n", dmax, dmax * 2);
    printf("float div %.9g double div %.17g\n", 1.0f / 3.0f, 1.0 / 3.0);
    printf("compare %d %d %d\n", a < b, x >= y, (float)x == a);
    return 0;
}
