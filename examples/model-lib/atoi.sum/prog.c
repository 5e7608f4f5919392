/* A program of the kind model-lib is judged on: the missing function is
 * called once per argument. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long total = 0;
  for (int i = 1; i < argc; i++) {
    int v = atoi(argv[i]);
    if (v < 0) { printf("negative %s\n", argv[i]); return 1; }
    total += v;
  }
  printf("total %ld\n", total);
  return 0;
}
