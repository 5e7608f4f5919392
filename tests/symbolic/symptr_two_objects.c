// A pointer loaded from a table at a symbolic index may point to either of
// two objects: the access forks per object (as KLEE does) and neither path
// is an error; reading one past the end is, once for each object (the
// second error at the same line gets no test case, as in KLEE).
// EXPECT: paths=4 errors=1
// EXPECT-ERROR: ptr 18
#include <klee/klee.h>
#include <stdio.h>
int a[4] = {1, 2, 3, 4};
int b[4] = {10, 20, 30, 40};
int *table[2] = {a, b};
int main(void) {
  unsigned c = klee_range(0, 2, "c");
  unsigned i = klee_range(0, 5, "i");
  int *p = table[c];
  if (i < 4)
    printf("%d\n", p[i] > 5);
  else if (p[i] == 7)
    printf("?\n");
  return 0;
}
