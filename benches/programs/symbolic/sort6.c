/* Solver-heavy: bubble sort of six symbolic ints (720 orderings, with
 * dependent constraints), then a check that the result is sorted. */
#include <assert.h>
#include <klee/klee.h>
int main(void) {
  int a[6];
  klee_make_symbolic(a, sizeof a, "a");
  for (int i = 0; i < 6; i++)
    for (int j = 0; j + 1 < 6 - i; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
  for (int i = 0; i + 1 < 6; i++)
    assert(a[i] <= a[i + 1]);
  return 0;
}
