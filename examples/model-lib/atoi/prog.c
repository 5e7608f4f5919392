/* The paper's Fig. 3a: a program that parses its argument with atoi,
 * with a division that fails for one parsed value (42). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    printf("usage: prog NUMBER\n");
    return 1;
  }
  int a = atoi(argv[1]);
  if (a > 40) {
    printf("%d\n", 1000 / (a - 42));
    return 0;
  }
  printf("%d\n", a + 1);
  return 0;
}
