/* A sketch of upcase written by its user (`--sketch guarded.c`): each
 * character either changes, by a term `to`, or stays, as a condition
 * `change` says. Two holes, solved together:
 *
 *   se2repair model-lib upcase examples/model-lib/upcase \
 *     --sketch examples/model-lib/upcase/guarded.c \
 *     --lang change=bool:3 --lang to=int:2
 */
#include "klee/klee.h"

void upcase(char *dst, const char *src) {
  long i;
  for (i = 0; src[i] != 0; i++) {
    int c[1] = {(unsigned char)src[i]};
    if (klee_apply_symbolic("change", 1, c))
      dst[i] = (char)klee_apply_symbolic("to", 1, c);
    else
      dst[i] = src[i];
  }
  dst[i] = 0;
}
