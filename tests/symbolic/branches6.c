// Six independent symbolic branches: 2^6 paths.
// EXPECT: paths=64 errors=0
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  unsigned char b[6];
  klee_make_symbolic(b, sizeof b, "b");
  int bits = 0;
  for (int i = 0; i < 6; i++)
    if (b[i] > 100)
      bits |= 1 << i;
  printf("%d\n", bits);
  return 0;
}
