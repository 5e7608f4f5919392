/* A program of the kind model-lib is judged on: the missing function is
 * called once per argument. */
#include <stdio.h>
int digit_sum(const char *s);
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    int s = digit_sum(argv[i]);
    printf("%s %s\n", argv[i], s % 9 == 0 ? "divisible" : "not");
  }
  return 0;
}
