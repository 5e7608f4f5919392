// EXPECT: paths=2 errors=1
// EXPECT-ERROR: ptr 10
#include <klee/klee.h>
#include <stddef.h>
int main(void) {
  int v = 7;
  int *p = &v;
  int c = klee_int("c");
  if (c == 1234) p = NULL;
  return *p - 7;
}
