/* Sketch `apply`: integer inputs, an integer output.
 *
 *   FUNC(x1, ..., xn) = rho(x1, ..., xn)
 *
 * The adapter that se2repair writes passes FUNC's arguments in `xs`. */
#include "klee/klee.h"

int se2_sketch_apply(int n, int *xs) {
  return klee_apply_symbolic("rho", n, xs);
}
