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

/* ---- stdio internals shared by stdio.c and stdio_printf.c ------------- */

/* glibc's _flags bits (libio.h; _IO_EOF_SEEN, _IO_ERR_SEEN and
 * _IO_USER_LOCK also come from <stdio.h>). */
#define SE2RT_MAGIC 0xFBAD0000
#define SE2RT_USER_BUF 0x0001
#define SE2RT_UNBUFFERED 0x0002
#define SE2RT_NO_READS 0x0004
#define SE2RT_NO_WRITES 0x0008
#define SE2RT_DELETE_DONT_CLOSE 0x0040
#define SE2RT_LINKED 0x0080
#define SE2RT_LINE_BUF 0x0200
#define SE2RT_TIED_PUT_GET 0x0400
#define SE2RT_CURRENTLY_PUTTING 0x0800
#define SE2RT_IS_FILEBUF 0x2000
/* glibc's _IO_IN_BACKUP: the get area is the backup area of ungetc. */
#define SE2RT_IN_BACKUP 0x0100

/* Defined in stdio.c (weak). They follow glibc's libio (fileops.c,
 * genops.c) step by step; see the header of stdio.c. */
struct _IO_FILE;
/* _IO_sputn (_IO_new_file_xsputn): queue n bytes on f, writing out what
 * glibc would. Returns the number of bytes taken, (size_t)EOF when only
 * the flush of the buffer failed. */
size_t se2rt_sputn(struct _IO_FILE *f, const void *p, size_t n);
/* __overflow (_IO_new_file_overflow): c == EOF writes out the buffer. */
int se2rt_overflow(struct _IO_FILE *f, int c);
/* _IO_do_flush: write out the buffered bytes; 0 or EOF. */
int se2rt_do_flush(struct _IO_FILE *f);
/* _IO_flush_all: what exit() and fflush(NULL) do; 0 or EOF. */
int se2rt_flush_all(void);

/* Shared by stdio.c and stdio_file.c. Streams made by fopen/fdopen carry
 * SE2RT_OPENED in _flags2 (not one of glibc's bits) and are chained from
 * se2rt_files through _chain. */
#define SE2RT_OPENED 0x40000000
extern struct _IO_FILE *se2rt_files;
int se2rt_is_std(struct _IO_FILE *f);
/* _IO_new_file_sync: write out pending output. */
int se2rt_sync(struct _IO_FILE *f);
void se2rt_setg(struct _IO_FILE *f, char *b, char *p, char *e);
void se2rt_setp(struct _IO_FILE *f, char *b, char *e);
/* _IO_switch_to_get_mode. */
int se2rt_switch_to_get_mode(struct _IO_FILE *f);

/* glibc's inline putc (_IO_putc_unlocked): store into the put area, or
 * __overflow when it is full (always, for a line-buffered stream). */
#define SE2RT_PUTC(c, f)                                                       \
  ((f)->_IO_write_ptr < (f)->_IO_write_end                                     \
       ? (int)(unsigned char)(*(f)->_IO_write_ptr++ = (char)(c))              \
       : se2rt_overflow((f), (unsigned char)(c)))

/* glibc marks a stream byte-oriented (_mode = -1) on its first use. */
#define SE2RT_ORIENT(f)                                                        \
  do {                                                                         \
    if ((f)->_mode == 0)                                                       \
      (f)->_mode = -1;                                                         \
  } while (0)

#endif
