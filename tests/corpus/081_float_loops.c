// CFLAGS: -O1
// Floating-point loops at -O1: numerical integration, Newton's method, statistics, float vs double accumulation.
#include <stdio.h>
#include <math.h>

static double f(double x) { return x * x * x - 2 * x - 5; }
static double df(double x) { return 3 * x * x - 2; }

int main(void) {
    double x = 2;
    for (int i = 0; i < 8; i++) { x -= f(x) / df(x); printf("newton %d: %.12f\n", i, x); }
    int n = 1000;
    double h = 1.0 / n, trap = 0.5 * (4.0 + 2.0), simpson = 0;
    for (int i = 1; i < n; i++) { double t = i * h; trap += 4.0 / (1 + t * t); }
    trap *= h;
    for (int i = 0; i <= n; i++) {
        double t = i * h, w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
        simpson += w * 4.0 / (1 + t * t);
    }
    simpson *= h / 3;
    printf("pi trapezoid %.10f simpson %.12f\n", trap, simpson);
    double data[50], mean = 0, m2 = 0;
    for (int i = 0; i < 50; i++) data[i] = sin(i * 0.7) * 10 + i * 0.25;
    for (int i = 0; i < 50; i++) {
        double delta = data[i] - mean;
        mean += delta / (i + 1);
        m2 += delta * (data[i] - mean);
    }
    printf("mean %.6f variance %.6f stddev %.6f\n", mean, m2 / 49, sqrt(m2 / 49));
    float fs = 0; double ds = 0, kahan = 0, comp = 0;
    for (int i = 1; i <= 100000; i++) {
        float term = 1.0f / (float)i;
        fs += term; ds += 1.0 / i;
        double y = 1.0 / i - comp, t = kahan + y;
        comp = (t - kahan) - y; kahan = t;
    }
    printf("harmonic float %.6f double %.12f kahan %.12f\n", fs, ds, kahan);
    float a = 1.0f;
    int halvings = 0;
    while (1.0f + a != 1.0f) { a *= 0.5f; halvings++; }
    printf("float epsilon reached after %d halvings: %g\n", halvings, a * 2);
    double mx = -1e300, mn = 1e300;
    for (int i = 0; i < 50; i++) { mx = fmax(mx, data[i]); mn = fmin(mn, data[i]); }
    printf("min %.5f max %.5f\n", mn, mx);
    long bins[5] = {0};
    for (int i = 0; i < 50; i++) { int b = (int)((data[i] - mn) / (mx - mn + 1e-9) * 5); bins[b]++; }
    printf("bins %ld %ld %ld %ld %ld\n", bins[0], bins[1], bins[2], bins[3], bins[4]);
    return 0;
}
