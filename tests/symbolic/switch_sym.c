// A switch on a symbolic value forks once per feasible target.
// EXPECT: paths=4 errors=0
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x = klee_int("x");
  switch (x) {
  case 1: case 2: puts("low"); break;
  case 10: puts("ten"); break;
  case 99: puts("ninety-nine"); break;
  default: puts("other");
  }
  return 0;
}
