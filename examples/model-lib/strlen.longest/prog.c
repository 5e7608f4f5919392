/* A program of the kind model-lib is judged on: the missing function is
 * called once per argument, and its results pick the best one. */
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  int best = -1; size_t bl = 0;
  for (int i = 1; i < argc; i++) {
    size_t n = strlen(argv[i]);
    if (n > bl) { bl = n; best = i; }
  }
  if (best < 0) { printf("none\n"); return 1; }
  printf("%s %d\n", argv[best], (int)bl);
  return 0;
}
