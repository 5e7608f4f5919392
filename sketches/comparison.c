/* Sketch `comparison`: two strings (and integers) in, an integer out
 * (strcmp-style orderings).
 *
 *   i = the first position where s and t differ or s ends;
 *   return rho(s[i], t[i], k1, ..., km);
 *
 * Characters are passed as unsigned values. At most 4 integer inputs
 * reach rho. */
#include "klee/klee.h"

#define SE2_MAX_INTS 4

int se2_sketch_comparison(const char *s, const char *t, int nints, const int *ints) {
  int args[2 + SE2_MAX_INTS];
  long i = 0;
  int k = 0, j;
  while (s[i] != 0 && s[i] == t[i])
    i++;
  args[k++] = (unsigned char)s[i];
  args[k++] = (unsigned char)t[i];
  for (j = 0; j < nints && j < SE2_MAX_INTS; j++)
    args[k++] = ints[j];
  return klee_apply_symbolic("rho", k, args);
}
