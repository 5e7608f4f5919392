/* long double (x87 80-bit) arithmetic, conversions and printing. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static long double sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long double s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, long double);
  va_end(ap);
  return s;
}

int main(int argc, char **argv) {
  long double h = 0;
  for (int k = 1; k <= 1000 + argc; k++)
    h += 1.0L / k;
  printf("%.18Lf %La\n", h, h);
  long double big = 18446744073709551615.0L;
  unsigned long long u = (unsigned long long)big;
  long long neg = (long long)-h;
  printf("%llu %lld %d %d\n", u, neg, h > 7.48L, h == h);
  printf("%.20Lg %.10Le\n", sqrtl(2.0L * argc), fabsl(-h / 3));
  printf("%Lg\n", sum(3, 1.5L, (long double)argc, h));
  double d = (double)h;
  float f = (float)h;
  printf("%.17g %.9g %Lg\n", d, f, (long double)d - h);
  long double z = 0.0L;
  printf("%Lg %Lg %d\n", 1 / z, -1 / z, (z / z) != (z / z));
  return 0;
}
