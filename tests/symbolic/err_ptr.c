// An index checked against the wrong bound reads past the array.
// EXPECT: paths=3 errors=1
// EXPECT-ERROR: ptr 10
#include <klee/klee.h>
int table[5] = {1, 2, 3, 4, 5};
int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i < 7)
    return table[i];
  return 0;
}
