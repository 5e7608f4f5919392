// A function with no definition called with a symbolic argument.
// EXPECT: paths=1 errors=1
// EXPECT-ERROR: exec 8
#include <klee/klee.h>
int mystery(int);
int main(void) {
  int c = klee_int("c");
  return mystery(c);
}
