/* Sketch `transformation`: a string input, integer inputs, a string
 * output (the paper's transformation sketch).
 *
 *   for each position i of in:  out[i] = rho(in[i], k1, ..., km);
 *   out[strlen(in)] = 0;  return out;
 *
 * `out` may be `in` (a change in place). Characters are passed as
 * unsigned values. At most 4 integer inputs reach rho. */
#include "klee/klee.h"

#define SE2_MAX_INTS 4

char *se2_sketch_transformation(char *out, const char *in, int nints, const int *ints) {
  int args[1 + SE2_MAX_INTS];
  long i;
  for (i = 0; in[i] != 0; i++) {
    int k = 0, j;
    args[k++] = (unsigned char)in[i];
    for (j = 0; j < nints && j < SE2_MAX_INTS; j++)
      args[k++] = ints[j];
    out[i] = (char)klee_apply_symbolic("rho", k, args);
  }
  out[i] = 0;
  return out;
}
