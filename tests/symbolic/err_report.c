// klee_report_error with a custom suffix ends the path with that suffix.
// EXPECT: paths=2 errors=1
// EXPECT-ERROR: overflow 9
#include <klee/klee.h>
int main(void) {
  short s;
  klee_make_symbolic(&s, sizeof s, "s");
  if (s > 30000)
    klee_report_error(__FILE__, __LINE__, "too large", "overflow");
  return 0;
}
