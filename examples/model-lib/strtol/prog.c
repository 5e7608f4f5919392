/* Doubles a decimal number parsed with strtol, rejecting trailing text. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *end;
  if (argc < 2)
    return 2;
  long v = strtol(argv[1], &end, 10);
  if (*end != 0) {
    printf("not a number\n");
    return 1;
  }
  printf("%ld\n", 2 * v);
  return 0;
}
