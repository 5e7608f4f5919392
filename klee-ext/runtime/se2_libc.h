/* se2_libc.h — private header shared by the runtime's libc models
 * (stdio.c, stdio_printf.c, stdio_scanf.c, string.c, stdlib.c, ctype.c,
 * errno.c). Include it FIRST, before any system header.
 *
 * At -O1 glibc's headers define "extern inline" bodies for getchar, putchar,
 * vprintf, atoi, atol, atoll, atof, tolower, toupper, bsearch, ... A later
 * definition of the same function in our file would then silently lose its
 * weak attribute (clang: "attribute declaration must precede definition").
 * Defining __NO_INLINE__ before <features.h> is read turns those bodies
 * off, so every definition below stays SE2_WEAK. */
#ifndef SE2_LIBC_H
#define SE2_LIBC_H

#ifndef __NO_INLINE__
#define __NO_INLINE__ 1
#endif

#include "se2_runtime.h"

#include <stddef.h>

/* Character classes of the "C" locale as plain comparisons (no table
 * lookup): cheap for the VM on symbolic bytes. */
static inline int se2rt_isspace(int c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
static inline int se2rt_isdigit(int c) { return c >= '0' && c <= '9'; }
static inline int se2rt_tolower(int c) {
  return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}
static inline int se2rt_isxdigit(int c) {
  return se2rt_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Shared between the stdio files (defined in stdio.c, weak). */
struct _IO_FILE;
/* Write n bytes to a FILE (fd 1/2 through __se2_write). Returns 0, or -1
 * after setting the stream's error flag and errno. */
int se2rt_file_write(struct _IO_FILE *f, const void *p, unsigned long n);

#endif
