// strchr of a concrete string and a symbolic character: one path per
// distinct character of the string (its first place), one for NUL (the
// terminator's place) and one for any other character (null), as the
// C loop would end them; the character compares as (char) c.
// EXPECT: paths=6 errors=0
#include <klee/klee.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  int c = klee_int("c");
  const char *s = "ab-ax";
  char *p = strchr(s, c);
  if (p)
    printf("at %d (%d)\n", (int)(p - s), c & 0xff);
  else
    puts("none");
  return 0;
}
