/* Solver-heavy through table reads: wc's word count over five symbolic
 * characters, each classified with isspace/isalpha/isdigit (reads of the
 * C library's ctype table at an offset computed from the character). */
#include <ctype.h>
#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  char s[5];
  klee_make_symbolic(s, sizeof s, "s");
  int words = 0, letters = 0, digits = 0, in_word = 0;
  for (int i = 0; i < 5; i++) {
    if (isspace(s[i])) {
      in_word = 0;
      continue;
    }
    if (!in_word)
      words++;
    in_word = 1;
    if (isalpha(s[i]))
      letters++;
    else if (isdigit(s[i]))
      digits++;
  }
  printf("%d %d %d\n", words, letters, digits);
  return 0;
}
