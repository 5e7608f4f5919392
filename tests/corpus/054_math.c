// math.h: sqrt, pow, floor, ceil, round, trunc, fabs, fmod, hypot, fmin/fmax, modf, frexp/ldexp.
#include <stdio.h>
#include <math.h>

int main(void) {
    double xs[] = {0.0, 1.0, 2.0, 2.5, -2.5, 10.75, -0.4, 1e6, 123.456};
    for (int i = 0; i < 9; i++) {
        double x = xs[i];
        printf("x=%g floor %g ceil %g round %g trunc %g fabs %g sqrt|x| %.6f\n", x, floor(x), ceil(x), round(x),
               trunc(x), fabs(x), sqrt(fabs(x)));
    }
    printf("pow: %g %g %g %.6f %g %.6f\n", pow(2, 10), pow(2, -2), pow(-3, 3), pow(2, 0.5), pow(10, 15), pow(1.0001, 10000));
    printf("fmod: %g %g %g %g\n", fmod(10, 3), fmod(-10, 3), fmod(10.5, 2.25), fmod(-7.5, -2));
    printf("hypot %.6f fmin %g fmax %g\n", hypot(3, 4), fmin(-1, 2), fmax(-1, 2));
    double ip;
    double fp = modf(-3.75, &ip);
    printf("modf(-3.75): int %g frac %g\n", ip, fp);
    int ex;
    double m = frexp(48.0, &ex);
    printf("frexp(48) = %g * 2^%d, ldexp back %g\n", m, ex, ldexp(m, ex));
    printf("cbrt(27) %g sqrt(2) %.15f\n", cbrt(27.0), sqrt(2.0));
    float f = 2.0f;
    printf("sqrtf %.6f powf %.3f floorf %.1f fabsf %.2f\n", sqrtf(f), powf(f, 1.5f), floorf(-1.5f), fabsf(-3.25f));
    printf("lround %ld llround %lld lrint %ld\n", lround(2.5), llround(-3.5), lrint(4.4));
    double acc = 0;
    for (int i = 1; i <= 1000; i++) acc += sqrt((double)i) * fmod(i, 7.0) - floor(i / 3.0);
    printf("acc %.6f\n", acc);
    printf("isnan %d isinf %d isfinite %d signbit %d\n", isnan(sqrt(-1.0)) != 0, isinf(1.0 / 0.0) != 0, isfinite(1.0) != 0, signbit(-0.0) != 0);
    printf("copysign %g nextafter diff %.3g\n", copysign(3.0, -0.0), nextafter(1.0, 2.0) - 1.0);
    double r = 1.0;
    for (int i = 0; i < 30; i++) r = sqrt(r + 1.0);
    printf("golden ratio %.12f\n", r);
    return 0;
}
