/* One symbolic byte in a 64 MiB buffer, well under a 256 MB memory limit:
   its symbolic shadow (eight bytes per byte) would be 512 MiB, over it. */
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
  size_t n = (size_t)64 << 20;
  char *buf = malloc(n);
  char c;
  if (!buf)
    return 2;
  klee_make_symbolic(&c, 1, "c");
  buf[n - 1] = c;
  return buf[n - 1] == 'x';
}
