// EXPECT: paths=2 errors=1
// EXPECT-ERROR: div 8
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int d;
  klee_make_symbolic(&d, sizeof d, "d");
  int q = 1000 / (d - 3);
  printf("%d\n", q > 0);
  return 0;
}
