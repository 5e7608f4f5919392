// Symbolic stdin: each of the three bytes is below '0', a digit, or above
// '9': 3^3 paths.
// EXPECT: paths=27 errors=0
// RUN: --sym-stdin 3
#include <ctype.h>
#include <stdio.h>
int main(void) {
  int digits = 0, c;
  while ((c = getchar()) != EOF)
    if (c >= '0' && c <= '9') digits++;
  printf("%d digits\n", digits);
  return 0;
}
