/* Upper-cases its argument with a helper from a library it cannot
 * always have (upcase.c). */
#include <stdio.h>

void upcase(char *dst, const char *src);

int main(int argc, char **argv) {
  char buf[64];
  if (argc < 2 || argv[1][0] == 0)
    return 2;
  upcase(buf, argv[1]);
  printf("%s\n", buf);
  return 0;
}
