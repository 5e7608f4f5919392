// math.h transcendental functions: sin, cos, tan, atan2, exp, log, log10, log2, sinh, printed at 6 digits.
#include <stdio.h>
#include <math.h>

int main(void) {
    const double pi = 3.14159265358979323846;
    for (int deg = 0; deg <= 360; deg += 45) {
        double r = deg * pi / 180.0;
        printf("%3d deg: sin %9.6f cos %9.6f\n", deg, sin(r), cos(r));
    }
    for (int k = -2; k <= 2; k++) printf("tan(%d/3) %.6f atan %.6f\n", k, tan(k / 3.0), atan(k / 3.0));
    int pts[][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int i = 0; i < 8; i++) printf("atan2(%d,%d)=%.6f\n", pts[i][1], pts[i][0], atan2(pts[i][1], pts[i][0]));
    double xs[] = {0.5, 1.0, 2.0, 10.0, 100.0};
    for (int i = 0; i < 5; i++) {
        double x = xs[i];
        printf("x=%g exp %.6g log %.6f log10 %.6f log2 %.6f\n", x, exp(x), log(x), log10(x), log2(x));
    }
    printf("asin %.6f acos %.6f sinh %.6f cosh %.6f tanh %.6f\n", asin(0.5), acos(0.5), sinh(1.0), cosh(1.0), tanh(0.5));
    printf("exp(log(7)) %.6f, log(exp(3)) %.6f\n", exp(log(7.0)), log(exp(3.0)));
    printf("sinf %.5f cosf %.5f expf %.5f logf %.5f\n", sinf(1.0f), cosf(1.0f), expf(1.0f), logf(10.0f));
    double integral = 0, h = pi / 1000;
    for (int i = 0; i < 1000; i++) integral += sin((i + 0.5) * h) * h;
    printf("integral of sin over [0,pi] %.6f\n", integral);
    double x = 1.0;
    for (int i = 0; i < 20; i++) x = cos(x);
    printf("cos fixed point after 20 iters %.6f\n", x);
    double compound = 1000 * exp(0.05 * 10);
    printf("continuous compounding %.2f\n", compound);
    double err = 0;
    for (int i = 1; i < 100; i++) {
        double t = i / 10.0;
        double d = sin(t) * sin(t) + cos(t) * cos(t) - 1.0;
        err += fabs(d);
    }
    printf("pythagorean identity error small: %d\n", err < 1e-12);
    return 0;
}
