/* The larger of two numbers, with a helper from a library (max2.c). */
#include <stdio.h>
#include <stdlib.h>

int max2(int a, int b);

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  printf("%d\n", max2(atoi(argv[1]), atoi(argv[2])));
  return 0;
}
