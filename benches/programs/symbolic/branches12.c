/* Fork-heavy: twelve independent symbolic branches, 4096 paths. */
#include <klee/klee.h>
int main(void) {
  unsigned char b[12];
  klee_make_symbolic(b, sizeof b, "b");
  int bits = 0;
  for (int i = 0; i < 12; i++)
    if (b[i] > 127)
      bits |= 1 << i;
  return bits & 1;
}
