/* A classic symbolic-execution demo: a password check with a hidden
 * backdoor. `se2repair run examples/run/password.c` explores every path,
 * finds the input that reaches the assertion failure, and writes it as a
 * .ktest file (see klee-last/test*.assert.err).
 *
 * Run it concretely with an argument as well:
 *   se2repair run examples/run/password.c hunter2
 * or with a symbolic argument of up to 8 characters, KLEE style:
 *   se2repair run examples/run/password.c --sym-arg 8
 */
#include <assert.h>
#include <klee/klee.h>
#include <stdio.h>
#include <string.h>

static int check(const char *pw) {
  if (strlen(pw) != 6)
    return 0;
  unsigned sum = 0;
  for (int i = 0; i < 6; i++)
    sum = sum * 31 + (unsigned char)pw[i];
  if (pw[0] == 'b' && pw[5] == 'r' && sum % 7 == 3)
    return 2; /* the backdoor */
  return strcmp(pw, "s3cret") == 0;
}

int main(int argc, char **argv) {
  char pw[7];
  if (argc > 1) {
    strncpy(pw, argv[1], sizeof pw - 1);
    pw[6] = 0;
  } else {
    klee_make_symbolic(pw, sizeof pw, "password");
    klee_assume(pw[6] == 0);
  }
  int r = check(pw);
  if (r == 1)
    printf("access granted\n");
  else if (r == 0)
    printf("access denied\n");
  assert(r != 2 && "backdoor reached");
  return 0;
}
