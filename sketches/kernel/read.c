/* A sketch of read(2) for `model-lib read --sketch sketches/kernel/read.c`:
 * the paper's transformation sketch over the kernel's bytes.
 *
 *   got = the kernel's read of the descriptor, into buf;
 *   for each byte i < got:  buf[i] = byte(buf[i]);
 *   return count(n, got);
 *
 * In the VM the kernel is its file model (`__se2_read`: standard input
 * and the files the path opened, symbolic ones included); natively
 * (compiled with SE2_NATIVE, as model-lib checks a model) it is the
 * system call. Bytes reach `byte` as unsigned values. */
#include <sys/types.h>
#include "klee/klee.h"

#ifdef SE2_NATIVE
#include <unistd.h>
#include <sys/syscall.h>
static long se2_kernel_read(int fd, void *buf, size_t n) { return syscall(SYS_read, fd, buf, n); }
#else
long __se2_read(int fd, void *buf, size_t n);
#define se2_kernel_read __se2_read
#endif

ssize_t read(int fd, void *buf, size_t n) {
  unsigned char *b = (unsigned char *)buf;
  long got = se2_kernel_read(fd, buf, n);
  long i;
  int c[2];
  for (i = 0; i < got; i++) {
    int x[1];
    x[0] = b[i];
    b[i] = (unsigned char)klee_apply_symbolic("byte", 1, x);
  }
  c[0] = (int)n;
  c[1] = (int)got;
  return klee_apply_symbolic("count", 2, c);
}
