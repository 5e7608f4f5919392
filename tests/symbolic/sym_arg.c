// A symbolic argument of up to 2 characters compared with "ok": "other",
// "ok", and two "o?" paths (strcmp stops at a NUL or at a mismatch).
// EXPECT: paths=4 errors=0
// RUN: --sym-arg 2
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  if (argv[1][0] == 'o') {
    if (strcmp(argv[1], "ok") == 0) puts("ok");
    else puts("o?");
  } else puts("other");
  return 0;
}
