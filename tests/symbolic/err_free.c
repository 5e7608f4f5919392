// EXPECT: paths=2 errors=1
// EXPECT-ERROR: ptr 12
// (a double free is a pointer error, as KLEE reports it)
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char c;
  klee_make_symbolic(&c, 1, "c");
  char *p = malloc(8);
  free(p);
  if (c == 'x')
    free(p);
  return 0;
}
