/* Classifies its argument by length with strlen. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  size_t n = strlen(argv[1]);
  if (n > 5)
    printf("long %d\n", (int)n);
  else
    printf("short %d\n", (int)n);
  return 0;
}
