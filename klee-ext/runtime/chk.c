/* chk.c — glibc's fortified functions (_FORTIFY_SOURCE): each checks the
 * destination's size the compiler knew, and a call that would overflow it
 * ends the path with a memory error (`ptr.err`, KLEE's words "memcpy
 * overflow" and so on) instead of the host's abort. Then it does what the
 * plain function does. */
#include "se2_libc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

void klee_report_error(const char *file, int line, const char *message,
                       const char *suffix) __attribute__((noreturn));

#define SE2_CHECK(cond, what)                                                  \
  do {                                                                         \
    if (!(cond))                                                               \
      klee_report_error("", 0, what " overflow", "ptr.err");      \
  } while (0)

SE2_WEAK void *__memcpy_chk(void *d, const void *s, size_t n, size_t dn) {
  SE2_CHECK(n <= dn, "memcpy");
  return memcpy(d, s, n);
}

SE2_WEAK void *__memmove_chk(void *d, const void *s, size_t n, size_t dn) {
  SE2_CHECK(n <= dn, "memmove");
  return memmove(d, s, n);
}

SE2_WEAK void *__mempcpy_chk(void *d, const void *s, size_t n, size_t dn) {
  SE2_CHECK(n <= dn, "mempcpy");
  return (char *)memcpy(d, s, n) + n;
}

SE2_WEAK void *__memset_chk(void *d, int c, size_t n, size_t dn) {
  SE2_CHECK(n <= dn, "memset");
  return memset(d, c, n);
}

SE2_WEAK char *__strcpy_chk(char *d, const char *s, size_t dn) {
  SE2_CHECK(strlen(s) < dn, "strcpy");
  return strcpy(d, s);
}

SE2_WEAK char *__stpcpy_chk(char *d, const char *s, size_t dn) {
  size_t n = strlen(s);
  SE2_CHECK(n < dn, "stpcpy");
  memcpy(d, s, n + 1);
  return d + n;
}

SE2_WEAK char *__strncpy_chk(char *d, const char *s, size_t n, size_t dn) {
  SE2_CHECK(n <= dn, "strncpy");
  return strncpy(d, s, n);
}

SE2_WEAK char *__strcat_chk(char *d, const char *s, size_t dn) {
  SE2_CHECK(strlen(d) + strlen(s) < dn, "strcat");
  return strcat(d, s);
}

SE2_WEAK char *__strncat_chk(char *d, const char *s, size_t n, size_t dn) {
  size_t k = strnlen(s, n);
  SE2_CHECK(strlen(d) + k < dn, "strncat");
  return strncat(d, s, n);
}

SE2_WEAK int __vsnprintf_chk(char *s, size_t n, int flag, size_t sn,
                             const char *fmt, va_list ap) {
  (void)flag;
  SE2_CHECK(n <= sn, "vsnprintf");
  return vsnprintf(s, n, fmt, ap);
}

SE2_WEAK int __snprintf_chk(char *s, size_t n, int flag, size_t sn,
                            const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __vsnprintf_chk(s, n, flag, sn, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __vsprintf_chk(char *s, int flag, size_t sn, const char *fmt,
                            va_list ap) {
  (void)flag;
  va_list ap2;
  va_copy(ap2, ap);
  int need = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  SE2_CHECK(need >= 0 && (size_t)need < sn, "vsprintf");
  return vsnprintf(s, sn, fmt, ap);
}

SE2_WEAK int __sprintf_chk(char *s, int flag, size_t sn, const char *fmt,
                           ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __vsprintf_chk(s, flag, sn, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __printf_chk(int flag, const char *fmt, ...) {
  (void)flag;
  va_list ap;
  va_start(ap, fmt);
  int r = vprintf(fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
  (void)flag;
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __vprintf_chk(int flag, const char *fmt, va_list ap) {
  (void)flag;
  return vprintf(fmt, ap);
}

SE2_WEAK int __vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap) {
  (void)flag;
  return vfprintf(f, fmt, ap);
}

SE2_WEAK char *__fgets_chk(char *s, size_t sn, int n, FILE *f) {
  SE2_CHECK(n >= 0 && (size_t)n <= sn, "fgets");
  return fgets(s, n, f);
}

SE2_WEAK size_t __fread_chk(void *p, size_t sn, size_t size, size_t n,
                            FILE *f) {
  SE2_CHECK(size == 0 || n <= sn / size, "fread");
  return fread(p, size, n, f);
}

SE2_WEAK long __read_chk(int fd, void *buf, size_t n, size_t sn) {
  extern long read(int, void *, size_t);
  SE2_CHECK(n <= sn, "read");
  return read(fd, buf, n);
}

/* KLEE's klee_choose: a symbolic value below n (paths with others end
 * silently). */
void klee_make_symbolic(void *addr, unsigned long nbytes, const char *name);
void klee_silent_exit(int status) __attribute__((noreturn));

SE2_WEAK unsigned long klee_choose(unsigned long n) {
  unsigned long x;
  klee_make_symbolic(&x, sizeof x, "klee_choose");
  if (x >= n)
    klee_silent_exit(0);
  return x;
}

/* Byte order (x86-64 is little-endian; the network's is big-endian). */
SE2_WEAK unsigned int htonl(unsigned int x) { return __builtin_bswap32(x); }
SE2_WEAK unsigned int ntohl(unsigned int x) { return __builtin_bswap32(x); }
SE2_WEAK unsigned short htons(unsigned short x) { return __builtin_bswap16(x); }
SE2_WEAK unsigned short ntohs(unsigned short x) { return __builtin_bswap16(x); }
