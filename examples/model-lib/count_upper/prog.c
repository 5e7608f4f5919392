/* A program of the kind model-lib is judged on: the missing function is
 * called once per argument. */
#include <stdio.h>
int count_upper(const char *s);
int main(int argc, char **argv) {
  int total = 0;
  for (int i = 1; i < argc; i++)
    total += count_upper(argv[i]);
  printf("%d capitals\n", total);
  return 0;
}
