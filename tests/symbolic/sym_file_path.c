// A path from a symbolic argument forks on the symbolic file it may
// name, as KLEE's model does: one path opens A (then its first byte is
// 'x' or not), one names no symbolic file.
// EXPECT: paths=3 errors=0
// RUN: --sym-arg 2 --sym-files 1 4
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argc < 2)
    return 0;
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    puts("no such file");
    return 1;
  }
  char c = 0;
  if (read(fd, &c, 1) == 1 && c == 'x')
    puts("x");
  else
    puts("another byte");
  return 0;
}
