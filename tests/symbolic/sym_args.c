// --sym-args 0 2 1: zero to two symbolic one-character arguments, one
// initial state per count (KLEE records the count as object "n_args").
// EXPECT: paths=3 errors=0
// RUN: --sym-args 0 2 1
#include <stdio.h>
int main(int argc, char **argv) {
  (void)argv;
  printf("argc=%d\n", argc);
  return 0;
}
