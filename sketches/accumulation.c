/* Sketch `accumulation`: a string input (or two), integer inputs, an
 * integer output (the paper's Fig. 3c).
 *
 *   acc = 0;
 *   for each character c of s:  acc = rho(acc, c, k1, ..., km);
 *   return acc;
 *
 * With a second string t the two are read in step,
 * acc = rho(acc, s[i], t[i], k1, ..., km), up to and including the first
 * position where either ends. Characters are passed as unsigned values.
 * `end`, when not null, receives where the loop stopped (strtol's
 * `endptr`). At most 4 integer inputs reach rho. */
#include "klee/klee.h"

#define SE2_MAX_INTS 4

int se2_sketch_accumulation(const char *s, const char *t, int nints, const int *ints, const char **end) {
  int args[3 + SE2_MAX_INTS];
  int acc = 0;
  long i;
  for (i = 0;; i++) {
    int k = 0, j;
    if (t == 0 && s[i] == 0)
      break;
    args[k++] = acc;
    args[k++] = (unsigned char)s[i];
    if (t != 0)
      args[k++] = (unsigned char)t[i];
    for (j = 0; j < nints && j < SE2_MAX_INTS; j++)
      args[k++] = ints[j];
    acc = klee_apply_symbolic("rho", k, args);
    if (t != 0 && (s[i] == 0 || t[i] == 0))
      break;
  }
  if (end != 0)
    *end = s + i;
  return acc;
}
