/* The distance of its argument from 10, with abs. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int x = atoi(argv[1]);
  printf("%d\n", abs(x - 10));
  return 0;
}
