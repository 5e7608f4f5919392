/* se2_runtime.h — primitives the C runtime (libc models) may call.
 *
 * The runtime in this folder is compiled to LLVM bitcode by klee-ext's
 * build.rs and linked after the user's program. Every definition in it is
 * weak (SE2_WEAK), so a program that defines its own `strlen` keeps it.
 * The primitives below have no C body: the VM implements them
 * (klee-ext/src/exec/special.rs). */
#ifndef SE2_RUNTIME_H
#define SE2_RUNTIME_H

#define SE2_WEAK __attribute__((weak))

/* Append n bytes to the path's file descriptor fd (1 = stdout, 2 = stderr).
 * Returns n, or -1 for another fd. Symbolic bytes are allowed. */
long __se2_write(int fd, const void *buf, unsigned long n);

/* Read up to n bytes from fd 0 (the program's stdin: the tool's real stdin,
 * or symbolic bytes with --sym-stdin). Returns the number read, 0 at end of
 * input, -1 for another fd. */
long __se2_read(int fd, void *buf, unsigned long n);

/* 1 if fd (0, 1 or 2) is a terminal for this run, else 0. stdio.c asks
 * on a stream's first use, as glibc does: a terminal gets a line-buffered
 * 1 KiB buffer, anything else a fully buffered 4 KiB one; reading a
 * terminal stdin first flushes a line-buffered stdout. */
int __se2_isatty(int fd);

/* Format one double as the host's snprintf would with the conversion `spec`
 * (a complete spec such as "%-10.3f"; flags, width and precision already
 * resolved to numbers, no length modifier). Writes at most cap bytes
 * including the NUL; returns the length the full text has. */
int __se2_fmt_double(char *out, unsigned long cap, const char *spec, double v);

/* v, about to be printed in decimal on stdout with `pending` bytes before
 * it in the stream's buffer and the format's literal `follow` (not a
 * digit) after it. When stdout is judged against an expected output, the
 * VM reads the number the expected output has there and constrains v to
 * it (any other value prints other text, so that path fails anyway);
 * otherwise v is returned as it is. */
long long __se2_expect_decimal(long long v, unsigned long pending, int follow);

/* The same for a long double (spec with an 'L' before the conversion). */
int __se2_fmt_ldouble(char *out, unsigned long cap, const char *spec,
                      long double v);

/* stdio.c also calls klee_is_symbolic (<klee/klee.h>), so that line
 * buffering never branches on a symbolic byte. */

/* Provided by the VM (the host's own, so results and errno match glibc):
 * malloc, calloc, realloc, free, _exit, abort, memcpy, memmove, memset,
 * strtod, strtof, atof, and the math functions. */

#endif
