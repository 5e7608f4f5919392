/* A sketch of write(2) for `model-lib write --sketch sketches/kernel/write.c`:
 * the paper's transformation sketch towards the kernel.
 *
 *   out[i] = byte(buf[i]) for each i < n;
 *   put = the kernel's write of out to the descriptor;
 *   return count(n, put);
 *
 * In the VM the kernel is its file model (`__se2_write`: the path's
 * standard output and error, and the files it opened); natively
 * (compiled with SE2_NATIVE, as model-lib checks a model) it is the
 * system call. Bytes reach `byte` as unsigned values. */
#include <stdlib.h>
#include <sys/types.h>
#include "klee/klee.h"

#ifdef SE2_NATIVE
#include <unistd.h>
#include <sys/syscall.h>
static long se2_kernel_write(int fd, const void *buf, size_t n) { return syscall(SYS_write, fd, buf, n); }
#else
long __se2_write(int fd, const void *buf, size_t n);
#define se2_kernel_write __se2_write
#endif

ssize_t write(int fd, const void *buf, size_t n) {
  const unsigned char *b = (const unsigned char *)buf;
  unsigned char *out = (unsigned char *)malloc(n ? n : 1);
  long put;
  size_t i;
  int c[2];
  if (!out)
    return -1;
  for (i = 0; i < n; i++) {
    int x[1];
    x[0] = b[i];
    out[i] = (unsigned char)klee_apply_symbolic("byte", 1, x);
  }
  put = se2_kernel_write(fd, out, n);
  free(out);
  c[0] = (int)n;
  c[1] = (int)put;
  return klee_apply_symbolic("count", 2, c);
}
