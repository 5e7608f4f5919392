/* stdio.c — models the FILE objects and the character, line and block I/O
 * of <stdio.h> (the printf family is in stdio_printf.c, the scanf family in
 * stdio_scanf.c).
 *
 * stdin, stdout and stderr are glibc `struct _IO_FILE` objects, laid out
 * the way glibc's inline macros expect, because a program built with
 * glibc's headers may inline getc_unlocked/putc_unlocked/feof_unlocked:
 *  - _fileno is the descriptor (0, 1, 2);
 *  - _flags holds glibc's _IO_EOF_SEEN and _IO_ERR_SEEN bits;
 *  - stdin's get area is _IO_read_ptr.._IO_read_end inside a 4 KiB buffer
 *    filled with __se2_read(0, ...); end of input is sticky, as in glibc
 *    since 2.28 (a read after EOF returns EOF until clearerr/ungetc);
 *  - output streams have no put area (_IO_write_ptr == _IO_write_end), so
 *    every inlined putc lands in __overflow; nothing is ever buffered:
 *    each call writes through __se2_write, and fflush has nothing to do.
 * Files are not supported: fopen fails with ENOENT. */
#include "se2_libc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define SE2RT_MAGIC 0xFBAD0000 /* glibc's _IO_MAGIC, for appearance */
#define SE2RT_INBUF 4096

static char se2rt_stdin_buf[SE2RT_INBUF];

static struct _IO_FILE se2rt_stdin_obj = {
    ._flags = (int)SE2RT_MAGIC,
    ._IO_read_ptr = se2rt_stdin_buf,
    ._IO_read_end = se2rt_stdin_buf,
    ._IO_read_base = se2rt_stdin_buf,
    ._IO_buf_base = se2rt_stdin_buf,
    ._IO_buf_end = se2rt_stdin_buf + SE2RT_INBUF,
    ._fileno = 0,
};
static struct _IO_FILE se2rt_stdout_obj = {._flags = (int)SE2RT_MAGIC,
                                           ._fileno = 1};
static struct _IO_FILE se2rt_stderr_obj = {._flags = (int)SE2RT_MAGIC,
                                           ._fileno = 2};

SE2_WEAK FILE *stdin = &se2rt_stdin_obj;
SE2_WEAK FILE *stdout = &se2rt_stdout_obj;
SE2_WEAK FILE *stderr = &se2rt_stderr_obj;

/* ---- input ------------------------------------------------------------- */

/* The get area is empty: read more, return the first new byte or EOF. */
static int se2rt_fill(FILE *f) {
  if (f->_flags & _IO_EOF_SEEN)
    return EOF;
  if (f->_fileno != 0 || !f->_IO_buf_base) {
    /* Not open for reading. */
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return EOF;
  }
  char *b = f->_IO_buf_base;
  long n = __se2_read(0, b, (unsigned long)(f->_IO_buf_end - b));
  f->_IO_read_base = f->_IO_read_ptr = f->_IO_read_end = b;
  if (n <= 0) {
    if (n == 0) {
      f->_flags |= _IO_EOF_SEEN;
    } else {
      f->_flags |= _IO_ERR_SEEN;
      errno = EIO;
    }
    return EOF;
  }
  f->_IO_read_end = b + n;
  return (unsigned char)*f->_IO_read_ptr++;
}

SE2_WEAK int fgetc(FILE *f) {
  if (f->_IO_read_ptr < f->_IO_read_end)
    return (unsigned char)*f->_IO_read_ptr++;
  return se2rt_fill(f);
}

/* Called by glibc's inline getc_unlocked when the get area is empty. */
SE2_WEAK int __uflow(FILE *f) { return fgetc(f); }
SE2_WEAK int getc(FILE *f) { return fgetc(f); }
SE2_WEAK int getchar(void) { return fgetc(stdin); }
SE2_WEAK int fgetc_unlocked(FILE *f) { return fgetc(f); }
SE2_WEAK int getc_unlocked(FILE *f) { return fgetc(f); }
SE2_WEAK int getchar_unlocked(void) { return fgetc(stdin); }

/* Pushes c back into the get area (any number of times while there is
 * room; C guarantees one). Clears end-of-file. */
SE2_WEAK int ungetc(int c, FILE *f) {
  if (c == EOF || !f->_IO_buf_base)
    return EOF;
  if (f->_IO_read_ptr > f->_IO_buf_base) {
    *--f->_IO_read_ptr = (char)c;
  } else if (f->_IO_read_end < f->_IO_buf_end) {
    for (char *q = f->_IO_read_end; q > f->_IO_read_ptr; q--)
      q[0] = q[-1];
    f->_IO_read_end++;
    *f->_IO_read_ptr = (char)c;
  } else {
    return EOF;
  }
  f->_flags &= ~_IO_EOF_SEEN;
  return (unsigned char)c;
}

/* glibc's fgets: NULL when nothing was read or a read error happened
 * during the call (the buffer is then left unterminated). */
SE2_WEAK char *fgets(char *restrict s, int n, FILE *restrict f) {
  if (n <= 0)
    return NULL;
  if (n == 1) {
    s[0] = 0;
    return s;
  }
  int old_err = f->_flags & _IO_ERR_SEEN;
  f->_flags &= ~_IO_ERR_SEEN;
  int i = 0;
  while (i < n - 1) {
    int c = fgetc(f);
    if (c == EOF)
      break;
    s[i++] = (char)c;
    if (c == '\n')
      break;
  }
  char *r = s;
  if (i == 0 || (f->_flags & _IO_ERR_SEEN))
    r = NULL;
  else
    s[i] = 0;
  f->_flags |= old_err;
  return r;
}

SE2_WEAK char *fgets_unlocked(char *restrict s, int n, FILE *restrict f) {
  return fgets(s, n, f);
}

/* gets is gone from C11's <stdio.h>; old programs still call it. */
char *gets(char *s);
SE2_WEAK char *gets(char *s) {
  int c, i = 0;
  while ((c = fgetc(stdin)) != EOF && c != '\n')
    s[i++] = (char)c;
  if (c == EOF && (i == 0 || (stdin->_flags & _IO_ERR_SEEN)))
    return NULL;
  s[i] = 0;
  return s;
}

SE2_WEAK ssize_t getdelim(char **restrict lp, size_t *restrict np, int delim,
                          FILE *restrict f) {
  if (!lp || !np) {
    errno = EINVAL;
    return -1;
  }
  if (!*lp || *np == 0) {
    char *b = realloc(*lp, 120);
    if (!b) {
      errno = ENOMEM;
      return -1;
    }
    *lp = b;
    *np = 120;
  }
  size_t len = 0;
  for (;;) {
    int c = fgetc(f);
    if (c == EOF)
      break;
    if (len + 2 > *np) {
      size_t nn = *np * 2;
      char *b = realloc(*lp, nn);
      if (!b) {
        errno = ENOMEM;
        return -1;
      }
      *lp = b;
      *np = nn;
    }
    (*lp)[len++] = (char)c;
    if (c == delim)
      break;
  }
  if (len == 0)
    return -1;
  (*lp)[len] = 0;
  return (ssize_t)len;
}

SE2_WEAK ssize_t __getdelim(char **restrict lp, size_t *restrict np,
                            int delim, FILE *restrict f) {
  return getdelim(lp, np, delim, f);
}

SE2_WEAK ssize_t getline(char **restrict lp, size_t *restrict np,
                         FILE *restrict f) {
  return getdelim(lp, np, '\n', f);
}

SE2_WEAK size_t fread(void *restrict ptr, size_t size, size_t n,
                      FILE *restrict f) {
  size_t want = size * n, got = 0;
  char *d = ptr;
  if (want == 0)
    return 0;
  while (got < want) {
    size_t avail = (size_t)(f->_IO_read_end - f->_IO_read_ptr);
    if (avail > 0) {
      size_t m = avail < want - got ? avail : want - got;
      memcpy(d + got, f->_IO_read_ptr, m);
      f->_IO_read_ptr += m;
      got += m;
    } else {
      int c = se2rt_fill(f);
      if (c == EOF)
        break;
      d[got++] = (char)c;
    }
  }
  return got / size;
}

SE2_WEAK size_t fread_unlocked(void *restrict ptr, size_t size, size_t n,
                               FILE *restrict f) {
  return fread(ptr, size, n, f);
}

/* ---- output ------------------------------------------------------------ */

SE2_WEAK int se2rt_file_write(FILE *f, const void *p, unsigned long n) {
  if (n == 0)
    return 0;
  if (__se2_write(f->_fileno, p, n) < 0) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return -1;
  }
  return 0;
}

SE2_WEAK int fputc(int c, FILE *f) {
  char ch = (char)c;
  return se2rt_file_write(f, &ch, 1) < 0 ? EOF : (unsigned char)ch;
}

/* Called by glibc's inline putc_unlocked: the put area is always full. */
SE2_WEAK int __overflow(FILE *f, int c) {
  if (c == EOF)
    return 0;
  return fputc(c, f);
}
SE2_WEAK int putc(int c, FILE *f) { return fputc(c, f); }
SE2_WEAK int putchar(int c) { return fputc(c, stdout); }
SE2_WEAK int fputc_unlocked(int c, FILE *f) { return fputc(c, f); }
SE2_WEAK int putc_unlocked(int c, FILE *f) { return fputc(c, f); }
SE2_WEAK int putchar_unlocked(int c) { return fputc(c, stdout); }

/* glibc returns 1 on success. */
SE2_WEAK int fputs(const char *restrict s, FILE *restrict f) {
  return se2rt_file_write(f, s, strlen(s)) < 0 ? EOF : 1;
}

SE2_WEAK int fputs_unlocked(const char *restrict s, FILE *restrict f) {
  return fputs(s, f);
}

/* glibc returns the number of bytes written (the newline included). */
SE2_WEAK int puts(const char *s) {
  size_t n = strlen(s);
  if (se2rt_file_write(stdout, s, n) < 0 ||
      se2rt_file_write(stdout, "\n", 1) < 0)
    return EOF;
  return n + 1 > 0x7fffffff ? 0x7fffffff : (int)(n + 1);
}

SE2_WEAK size_t fwrite(const void *restrict p, size_t size, size_t n,
                       FILE *restrict f) {
  size_t total = size * n;
  if (total == 0)
    return 0;
  return se2rt_file_write(f, p, total) < 0 ? 0 : n;
}

SE2_WEAK size_t fwrite_unlocked(const void *restrict p, size_t size, size_t n,
                                FILE *restrict f) {
  return fwrite(p, size, n, f);
}

/* "msg: strerror(errno)\n" (just the message when msg is NULL or ""),
 * written in one piece. */
SE2_WEAK void perror(const char *msg) {
  const char *e = strerror(errno);
  size_t ml = (msg && *msg) ? strlen(msg) : 0, el = strlen(e);
  char small[256];
  size_t total = ml + (ml ? 2 : 0) + el + 1;
  char *b = total <= sizeof small ? small : malloc(total);
  if (!b)
    return;
  char *p = b;
  if (ml) {
    memcpy(p, msg, ml);
    p += ml;
    *p++ = ':';
    *p++ = ' ';
  }
  memcpy(p, e, el);
  p += el;
  *p++ = '\n';
  __se2_write(2, b, (unsigned long)(p - b));
  if (b != small)
    free(b);
}

/* ---- stream state ------------------------------------------------------ */

SE2_WEAK int feof(FILE *f) { return (f->_flags & _IO_EOF_SEEN) != 0; }
SE2_WEAK int ferror(FILE *f) { return (f->_flags & _IO_ERR_SEEN) != 0; }
SE2_WEAK void clearerr(FILE *f) { f->_flags &= ~(_IO_EOF_SEEN | _IO_ERR_SEEN); }
SE2_WEAK int feof_unlocked(FILE *f) { return feof(f); }
SE2_WEAK int ferror_unlocked(FILE *f) { return ferror(f); }
SE2_WEAK void clearerr_unlocked(FILE *f) { clearerr(f); }
SE2_WEAK int fileno(FILE *f) { return f->_fileno; }
SE2_WEAK int fileno_unlocked(FILE *f) { return f->_fileno; }

/* Nothing is buffered on output. */
SE2_WEAK int fflush(FILE *f) {
  (void)f;
  return 0;
}
SE2_WEAK int fflush_unlocked(FILE *f) {
  (void)f;
  return 0;
}
SE2_WEAK void setbuf(FILE *restrict f, char *restrict b) {
  (void)f;
  (void)b;
}
SE2_WEAK void setbuffer(FILE *restrict f, char *restrict b, size_t n) {
  (void)f;
  (void)b;
  (void)n;
}
SE2_WEAK void setlinebuf(FILE *f) { (void)f; }
SE2_WEAK int setvbuf(FILE *restrict f, char *restrict b, int mode, size_t n) {
  (void)f;
  (void)b;
  (void)mode;
  (void)n;
  return 0;
}
SE2_WEAK void flockfile(FILE *f) { (void)f; }
SE2_WEAK void funlockfile(FILE *f) { (void)f; }
SE2_WEAK int ftrylockfile(FILE *f) {
  (void)f;
  return 0;
}

/* ---- files (not supported) --------------------------------------------- */

SE2_WEAK FILE *fopen(const char *restrict path, const char *restrict mode) {
  (void)path;
  (void)mode;
  errno = ENOENT;
  return NULL;
}
SE2_WEAK FILE *fopen64(const char *restrict path, const char *restrict mode) {
  return fopen(path, mode);
}
SE2_WEAK FILE *freopen(const char *restrict path, const char *restrict mode,
                       FILE *restrict f) {
  (void)path;
  (void)mode;
  (void)f;
  errno = ENOENT;
  return NULL;
}
SE2_WEAK FILE *fdopen(int fd, const char *mode) {
  (void)fd;
  (void)mode;
  errno = ENOENT;
  return NULL;
}
SE2_WEAK FILE *tmpfile(void) {
  errno = ENOENT;
  return NULL;
}

/* Closing a standard stream succeeds (later output to it still works);
 * any other FILE cannot have come from fopen. */
SE2_WEAK int fclose(FILE *f) {
  if (f == &se2rt_stdin_obj || f == &se2rt_stdout_obj ||
      f == &se2rt_stderr_obj)
    return 0;
  errno = ENOENT;
  return EOF;
}

SE2_WEAK int remove(const char *path) {
  (void)path;
  errno = ENOENT;
  return -1;
}
SE2_WEAK int rename(const char *a, const char *b) {
  (void)a;
  (void)b;
  errno = ENOENT;
  return -1;
}

/* The standard streams are not seekable. */
SE2_WEAK int fseek(FILE *f, long off, int whence) {
  (void)f;
  (void)off;
  (void)whence;
  errno = ESPIPE;
  return -1;
}
SE2_WEAK long ftell(FILE *f) {
  (void)f;
  errno = ESPIPE;
  return -1;
}
SE2_WEAK void rewind(FILE *f) { f->_flags &= ~(_IO_EOF_SEEN | _IO_ERR_SEEN); }
