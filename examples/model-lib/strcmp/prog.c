/* Orders its two arguments with strcmp. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int c = strcmp(argv[1], argv[2]);
  if (c < 0)
    printf("less\n");
  else if (c > 0)
    printf("greater\n");
  else
    printf("equal\n");
  return 0;
}
