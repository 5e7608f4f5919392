// EXPECT: paths=2 errors=1
// EXPECT-ERROR: abort 8
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  int c = klee_int("c");
  if (c < -5)
    abort();
  return 0;
}
