// EXPECT: paths=2 errors=1
// EXPECT-ERROR: ptr 11
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  *p = 5;
  int c = klee_int("c");
  if (c > 10)
    free(p);
  return *p - 5;
}
