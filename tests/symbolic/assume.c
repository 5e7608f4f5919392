// klee_assume narrows x to 1..9; of the branches below only three
// combinations stay feasible.
// EXPECT: paths=3 errors=0
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x = klee_int("x");
  klee_assume(x > 0);
  klee_assume(x < 10);
  if (x > 100) printf("impossible\n");
  if (x > 5) printf("big\n");
  else if (x == 3) printf("three\n");
  else printf("small\n");
  return 0;
}
