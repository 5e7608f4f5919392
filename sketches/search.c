/* Sketch `search`: a string and integers in, an integer out; the
 * position of the first character that passes a test (strchr-like
 * searches that return an index).
 *
 *   for each position i of s:  if hit(s[i], k1, ..., km) return i;
 *   return none;
 *
 * `hit` is a condition on one character (a class, or equality with an
 * integer input); `none` is one constant, the result when no character
 * passes. Characters are passed as unsigned values. At most 4 integer
 * inputs reach hit. */
#include "klee/klee.h"

#define SE2_MAX_INTS 4

int se2_sketch_search(const char *s, int nints, const int *ints) {
  int args[1 + SE2_MAX_INTS];
  long i;
  for (i = 0; s[i] != 0; i++) {
    int k = 0, j;
    args[k++] = (unsigned char)s[i];
    for (j = 0; j < nints && j < SE2_MAX_INTS; j++)
      args[k++] = ints[j];
    if (klee_apply_symbolic("hit", k, args))
      return (int)i;
  }
  return klee_apply_symbolic("none", 0, 0);
}
