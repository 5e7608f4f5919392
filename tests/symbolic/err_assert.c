// EXPECT: paths=2 errors=1
// EXPECT-ERROR: assert 9
#include <assert.h>
#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int y = x * 3;
  assert(y != 42);
  return 0;
}
