/* A program of the kind model-lib is judged on: the missing function is
 * called once per argument. */
#include <stdio.h>
int index_of(const char *s, int c);
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    int k = index_of(argv[i], '=');
    if (k < 0) printf("%s: no value\n", argv[i]);
    else printf("%s: key of %d chars\n", argv[i], k);
  }
  return 0;
}
