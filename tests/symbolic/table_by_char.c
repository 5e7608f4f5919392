// A table read at an offset computed from one symbolic character (the
// ctype tables, a case map) selects by the character: each class of
// characters is a path, whatever the encoding of the read.
// 'a'..'z', 'A'..'Z', '0'..'9', the other printable ASCII, the rest:
// isalpha/isdigit/isprint on a char split it five ways, and toupper
// maps each lower-case letter to its upper-case one.
// EXPECT: paths=5 errors=0
#include <ctype.h>
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  char c;
  klee_make_symbolic(&c, 1, "c");
  if (isalpha(c)) {
    if (toupper(c) == c)
      puts("upper");
    else if (toupper(c) - c == 'A' - 'a')
      puts("lower");
    else
      puts("impossible");
  } else if (isdigit(c)) {
    puts("digit");
  } else if (isprint(c)) {
    puts("other printable");
  } else {
    puts("not printable");
  }
  return 0;
}
