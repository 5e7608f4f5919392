// Symbolic-index writes and reads inside one array.
// EXPECT: paths=2 errors=0
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int a[8] = {0};
  unsigned i = klee_range(0, 8, "i");
  a[i] = 5;
  if (a[3] == 5) printf("hit 3\n");
  else printf("miss 3\n");
  return 0;
}
