// stdout is fully buffered when it is not a terminal (as glibc): output
// written with write(2) overtakes printf's until a flush, and an _exit
// or abort loses what is still buffered.
// ARGS: return
// ARGS: exit
// ARGS: _exit
// ARGS: abort
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void mark(const char *s) { write(1, s, strlen(s)); }
static void bye(void) { printf("atexit handler\n"); mark("[AT]"); printf("after mark"); }
int main(int argc, char **argv) {
  const char *end = argc > 1 ? argv[1] : "return";
  atexit(bye);
  printf("hello %d\n", 42);
  mark("[W1]");
  putchar('a');
  putchar('\n');
  puts("puts line");
  fwrite("fw\n", 1, 3, stdout);
  mark("[W2]");
  fputs("no newline", stdout);
  fprintf(stderr, "err1\n");
  mark("[W3]");
  fflush(stdout);
  mark("[W4]");
  for (int i = 0; i < 300; i++)
    printf("line %d: %s\n", i, "xxxxxxxxxxxxxxxxxxxx");
  mark("[W5]");
  static char big[10000];
  memset(big, 'B', sizeof big);
  big[5000] = '\n';
  fwrite(big, 1, sizeof big, stdout);
  mark("[W6]");
  fprintf(stderr, "err2 %s\n", "x");
  for (int i = 0; i < 5000; i++)
    putc_unlocked('0' + i % 10, stdout);
  mark("[W7]");
  printf("%s", "tail without newline");
  if (!strcmp(end, "exit"))
    exit(3);
  if (!strcmp(end, "_exit"))
    _exit(4);
  if (!strcmp(end, "abort"))
    abort();
  if (!strcmp(end, "crash"))
    *(volatile int *)0 = 1;
  return 5;
}
