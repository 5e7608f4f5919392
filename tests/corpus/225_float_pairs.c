// Small float structs and complex float values travel as <2 x float>;
// complex multiplication calls libgcc on NaN results only.
#include <complex.h>
#include <stdio.h>
struct p { float x, y; };
struct p mid(struct p a, struct p b) { struct p r = {(a.x + b.x) / 2, (a.y + b.y) / 2}; return r; }
float complex cmul(float complex a, float complex b) { return a * b; }
int main(void) {
  struct p m = mid((struct p){1, 2}, (struct p){3, 5});
  float complex z = cmul(1.0f + 2.0f * I, 3.0f - 1.0f * I);
  printf("%g %g %g %g\n", m.x, m.y, crealf(z), cimagf(z));
  return 0;
}
