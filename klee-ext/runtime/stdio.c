/* stdio.c — models the FILE objects and the character, line and block I/O
 * of <stdio.h> (the printf family is in stdio_printf.c, the scanf family in
 * stdio_scanf.c).
 *
 * stdin, stdout and stderr are glibc `struct _IO_FILE` objects, laid out
 * and driven the way glibc's libio drives them (fileops.c, genops.c,
 * iosetvbuf.c: the functions below carry the names of the glibc functions
 * they follow), because a program built with glibc's headers may inline
 * getc_unlocked/putc_unlocked/feof_unlocked and must find the same
 * pointers, and because output has to reach the descriptors at the same
 * moments as natively:
 *  - _flags holds glibc's bits: _IO_NO_READS/_IO_NO_WRITES for the
 *    direction, _IO_LINE_BUF/_IO_UNBUFFERED for the mode, _IO_EOF_SEEN,
 *    _IO_ERR_SEEN, _IO_CURRENTLY_PUTTING;
 *  - a stream gets its buffer on first use (_IO_file_doallocate): 4096
 *    bytes (st_blksize of a pipe or an ext4 file), or 1024 bytes and line
 *    buffering when __se2_isatty says the descriptor is a terminal (a
 *    terminal's st_blksize is 1024). stderr starts unbuffered (a one-byte
 *    buffer, _shortbuf). The buffers are static: no malloc;
 *  - output: the put area is _IO_write_base.._IO_write_ptr, and inlined
 *    putc stores there while _IO_write_ptr < _IO_write_end. When fully
 *    buffered, _IO_write_end is the buffer's end and a full buffer is
 *    written out by __overflow; a write that does not fit fills the
 *    buffer, writes it, writes whole blocks directly and keeps the rest
 *    (_IO_new_file_xsputn). When line buffered or unbuffered,
 *    _IO_write_end == _IO_write_base, so every inlined putc reaches
 *    __overflow, which writes at '\n' (line) or at once (unbuffered);
 *  - input: the get area is _IO_read_ptr.._IO_read_end, refilled with
 *    __se2_read when empty (_IO_new_file_underflow). Before reading, when
 *    the stream read from is line buffered or unbuffered (stdin on a
 *    terminal), a line-buffered stdout is flushed: glibc flushes stdout
 *    only (not a fully buffered one, and not for a stdin that is a pipe).
 *    End of input is sticky, as in glibc since 2.28. A byte pushed back
 *    where the get area has no room goes to a backup area (glibc's);
 *  - setvbuf/setbuf/setbuffer/setlinebuf are glibc's _IO_setvbuf and
 *    _IO_setbuffer (a pending buffer is flushed first; _IOFBF with a NULL
 *    buffer keeps or allocates the default buffer and ignores the size);
 *  - exit() flushes every stream (se2rt_flush_all, after the atexit
 *    handlers); _exit, _Exit, abort and a crash lose what is buffered.
 * A byte the VM holds symbolically is never taken for '\n' (line
 * buffering then flushes later rather than forking the path).
 * The standard streams are not seekable (fseek fails with ESPIPE after
 * flushing, as on a pipe). fclose of a standard stream flushes it and
 * closes it for stdio (later output to it fails with EBADF, as glibc);
 * the VM's descriptor itself stays open. Streams on files (fopen, fdopen,
 * fseek, ftell, fclose) are in stdio_file.c; exit flushes them too. */
#include "se2_libc.h"

#include <errno.h>
#include <klee/klee.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define SE2RT_BLKSIZE 4096    /* st_blksize of a pipe or an ext4 file */
#define SE2RT_TTY_BLKSIZE 1024 /* st_blksize of a terminal */
#define SE2RT_BUFSIZ 8192      /* glibc's BUFSIZ: setbuf's buffer size */

static char se2rt_stdin_buf[SE2RT_BLKSIZE];
static char se2rt_stdout_buf[SE2RT_BLKSIZE];
static char se2rt_stderr_buf[SE2RT_BLKSIZE];
/* The buffer of the temporary stream of dprintf (stdio_printf.c). */
static char se2rt_tmp_buf[SE2RT_BLKSIZE];

#define SE2RT_STD_FLAGS (SE2RT_MAGIC | SE2RT_LINKED | SE2RT_IS_FILEBUF)

static struct _IO_FILE se2rt_stdin_obj = {
    ._flags = (int)(SE2RT_STD_FLAGS | SE2RT_NO_WRITES), ._fileno = 0};
static struct _IO_FILE se2rt_stdout_obj = {
    ._flags = (int)(SE2RT_STD_FLAGS | SE2RT_NO_READS), ._fileno = 1};
static struct _IO_FILE se2rt_stderr_obj = {
    ._flags = (int)(SE2RT_STD_FLAGS | SE2RT_NO_READS | SE2RT_UNBUFFERED),
    ._fileno = 2};

SE2_WEAK FILE *stdin = &se2rt_stdin_obj;
SE2_WEAK FILE *stdout = &se2rt_stdout_obj;
SE2_WEAK FILE *stderr = &se2rt_stderr_obj;

/* The streams fopen/fdopen made (stdio_file.c), newest first. */
SE2_WEAK FILE *se2rt_files;

SE2_WEAK int se2rt_is_std(FILE *f) {
  return f == &se2rt_stdin_obj || f == &se2rt_stdout_obj ||
         f == &se2rt_stderr_obj;
}

/* '\n' for line buffering; a symbolic byte is not examined (no fork). */
static int se2rt_is_nl(char c) {
  if (klee_is_symbolic((unsigned char)c))
    return 0;
  return c == '\n';
}

/* ---- buffers (genops.c, filedoalloc.c) --------------------------------- */

SE2_WEAK void se2rt_setg(FILE *f, char *b, char *p, char *e) {
  f->_IO_read_base = b;
  f->_IO_read_ptr = p;
  f->_IO_read_end = e;
}

SE2_WEAK void se2rt_setp(FILE *f, char *b, char *e) {
  f->_IO_write_base = f->_IO_write_ptr = b;
  f->_IO_write_end = e;
}

/* _IO_file_doallocate: the default buffer, line buffering on a terminal. */
static void se2rt_doallocate(FILE *f) {
  char *b = f == &se2rt_stdin_obj    ? se2rt_stdin_buf
            : f == &se2rt_stdout_obj ? se2rt_stdout_buf
            : f == &se2rt_stderr_obj ? se2rt_stderr_buf
            : (f->_flags2 & SE2RT_OPENED) ? malloc(SE2RT_BLKSIZE)
                                          : se2rt_tmp_buf;
  size_t size = SE2RT_BLKSIZE;
  if (f->_fileno >= 0 && f->_fileno <= 2 && __se2_isatty(f->_fileno)) {
    f->_flags |= SE2RT_LINE_BUF;
    size = SE2RT_TTY_BLKSIZE;
  }
  f->_IO_buf_base = b;
  f->_IO_buf_end = b + size;
}

/* _IO_doallocbuf: an unbuffered stream gets the one-byte _shortbuf. */
static void se2rt_doallocbuf(FILE *f) {
  if (f->_IO_buf_base)
    return;
  if (!(f->_flags & SE2RT_UNBUFFERED)) {
    se2rt_doallocate(f);
    return;
  }
  f->_IO_buf_base = f->_shortbuf;
  f->_IO_buf_end = f->_shortbuf + 1;
}

/* ---- output (fileops.c) ------------------------------------------------ */

/* new_do_write: write `to_do` bytes, then empty the put area. (glibc's
 * lseek for a stream that was reading never applies: the standard streams
 * go one way.) */
static size_t se2rt_new_do_write(FILE *f, const char *data, size_t to_do) {
  size_t count = 0;
  if (__se2_write(f->_fileno, data, to_do) < 0) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
  } else {
    count = to_do;
  }
  se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
  f->_IO_write_base = f->_IO_write_ptr = f->_IO_buf_base;
  f->_IO_write_end = (f->_flags & (SE2RT_LINE_BUF | SE2RT_UNBUFFERED))
                         ? f->_IO_buf_base
                         : f->_IO_buf_end;
  return count;
}

/* _IO_new_do_write */
static int se2rt_do_write(FILE *f, const char *data, size_t to_do) {
  return (to_do == 0 || se2rt_new_do_write(f, data, to_do) == to_do) ? 0
                                                                      : EOF;
}

SE2_WEAK int se2rt_do_flush(FILE *f) {
  return se2rt_do_write(f, f->_IO_write_base,
                        (size_t)(f->_IO_write_ptr - f->_IO_write_base));
}

/* _IO_new_file_overflow */
static int se2rt_file_overflow(FILE *f, int ch) {
  if (f->_flags & SE2RT_NO_WRITES) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return EOF;
  }
  /* Not yet writing, or no buffer: set the put area up. */
  if (!(f->_flags & SE2RT_CURRENTLY_PUTTING) || !f->_IO_write_base) {
    if (!f->_IO_write_base) {
      se2rt_doallocbuf(f);
      se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
    }
    if (f->_IO_read_ptr == f->_IO_buf_end)
      f->_IO_read_end = f->_IO_read_ptr = f->_IO_buf_base;
    f->_IO_write_ptr = f->_IO_read_ptr;
    f->_IO_write_base = f->_IO_write_ptr;
    f->_IO_write_end = f->_IO_buf_end;
    f->_IO_read_base = f->_IO_read_ptr = f->_IO_read_end;
    f->_flags |= SE2RT_CURRENTLY_PUTTING;
    if (f->_flags & (SE2RT_LINE_BUF | SE2RT_UNBUFFERED))
      f->_IO_write_end = f->_IO_write_ptr;
  }
  if (ch == EOF)
    return se2rt_do_flush(f);
  if (f->_IO_write_ptr == f->_IO_buf_end) /* the buffer is really full */
    if (se2rt_do_flush(f) == EOF)
      return EOF;
  *f->_IO_write_ptr++ = (char)ch;
  if ((f->_flags & SE2RT_UNBUFFERED) ||
      ((f->_flags & SE2RT_LINE_BUF) && se2rt_is_nl((char)ch)))
    if (se2rt_do_flush(f) == EOF)
      return EOF;
  return (unsigned char)ch;
}

SE2_WEAK int se2rt_overflow(FILE *f, int ch) {
  SE2RT_ORIENT(f);
  return se2rt_file_overflow(f, ch);
}

/* _IO_default_xsputn: copy while there is room, else one byte at a time
 * through __overflow. */
static size_t se2rt_default_xsputn(FILE *f, const char *s, size_t n) {
  size_t more = n;
  if (more == 0)
    return 0;
  for (;;) {
    if (f->_IO_write_ptr < f->_IO_write_end) {
      size_t count = (size_t)(f->_IO_write_end - f->_IO_write_ptr);
      if (count > more)
        count = more;
      memcpy(f->_IO_write_ptr, s, count);
      f->_IO_write_ptr += count;
      s += count;
      more -= count;
    }
    if (more == 0 || se2rt_file_overflow(f, (unsigned char)*s++) == EOF)
      break;
    more--;
  }
  return n - more;
}

/* _IO_new_file_xsputn */
SE2_WEAK size_t se2rt_sputn(FILE *f, const void *data, size_t n) {
  const char *s = data;
  size_t to_do = n, count = 0;
  int must_flush = 0;
  SE2RT_ORIENT(f);
  if (n == 0)
    return 0;
  /* Room in the buffer; a line-buffered stream takes up to the last
   * newline when everything fits. */
  if ((f->_flags & SE2RT_LINE_BUF) && (f->_flags & SE2RT_CURRENTLY_PUTTING)) {
    count = (size_t)(f->_IO_buf_end - f->_IO_write_ptr);
    if (count >= n) {
      for (const char *p = s + n; p > s;) {
        if (se2rt_is_nl(*--p)) {
          count = (size_t)(p - s) + 1;
          must_flush = 1;
          break;
        }
      }
    }
  } else if (f->_IO_write_end > f->_IO_write_ptr) {
    count = (size_t)(f->_IO_write_end - f->_IO_write_ptr);
  }
  if (count > 0) {
    if (count > to_do)
      count = to_do;
    memcpy(f->_IO_write_ptr, s, count);
    f->_IO_write_ptr += count;
    s += count;
    to_do -= count;
  }
  if (to_do + must_flush > 0) {
    /* Write the (full) buffer out, then whole blocks directly. */
    if (se2rt_file_overflow(f, EOF) == EOF)
      return to_do == 0 ? (size_t)EOF : n - to_do;
    size_t block_size = (size_t)(f->_IO_buf_end - f->_IO_buf_base);
    size_t do_write = to_do - (block_size >= 128 ? to_do % block_size : 0);
    if (do_write) {
      count = se2rt_new_do_write(f, s, do_write);
      to_do -= count;
      if (count < do_write)
        return n - to_do;
    }
    /* The rest goes to the buffer. */
    if (to_do)
      to_do -= se2rt_default_xsputn(f, s + do_write, to_do);
  }
  return n - to_do;
}

/* _IO_switch_to_get_mode: flush, and leave put mode. */
SE2_WEAK int se2rt_switch_to_get_mode(FILE *f) {
  if (f->_IO_write_ptr > f->_IO_write_base)
    if (se2rt_file_overflow(f, EOF) == EOF)
      return EOF;
  f->_IO_read_base = f->_IO_buf_base;
  if (f->_IO_write_ptr > f->_IO_read_end)
    f->_IO_read_end = f->_IO_write_ptr;
  f->_IO_read_ptr = f->_IO_write_ptr;
  f->_IO_write_base = f->_IO_write_ptr = f->_IO_write_end = f->_IO_read_ptr;
  f->_flags &= ~SE2RT_CURRENTLY_PUTTING;
  return 0;
}

/* _IO_new_file_sync: write out pending output. (For unread input glibc
 * seeks back, which fails on a pipe and is ignored: nothing to do.) */
SE2_WEAK int se2rt_sync(FILE *f) {
  if (f->_IO_write_ptr > f->_IO_write_base)
    if (se2rt_do_flush(f))
      return EOF;
  return 0;
}

/* _IO_flush_all, in the order of glibc's list of streams. */
SE2_WEAK int se2rt_flush_all(void) {
  FILE *all[3] = {&se2rt_stderr_obj, &se2rt_stdout_obj, &se2rt_stdin_obj};
  int r = 0;
  /* glibc's list starts with the newest stream. */
  for (FILE *f = se2rt_files; f; f = f->_chain)
    if (f->_mode <= 0 && f->_IO_write_ptr > f->_IO_write_base &&
        se2rt_file_overflow(f, EOF) == EOF)
      r = EOF;
  for (int i = 0; i < 3; i++) {
    FILE *f = all[i];
    if ((f->_flags & SE2RT_LINKED) && f->_mode <= 0 &&
        f->_IO_write_ptr > f->_IO_write_base &&
        se2rt_file_overflow(f, EOF) == EOF)
      r = EOF;
  }
  return r;
}

/* ---- input (fileops.c, genops.c) -------------------------------------- */

/* glibc's backup area: bytes pushed back where the get area has no room
 * (stdin is the only stream that reads), and the main get area meanwhile. */
static char se2rt_pback[128];
static char *se2rt_main_ptr, *se2rt_main_end;

static void se2rt_switch_to_main_get_area(FILE *f) {
  se2rt_setg(f, f->_IO_buf_base, se2rt_main_ptr, se2rt_main_end);
  f->_flags &= ~SE2RT_IN_BACKUP;
}

/* _IO_new_file_underflow: refill the empty get area; the next byte (not
 * consumed) or EOF. */
static int se2rt_underflow(FILE *f) {
  if (f->_flags & _IO_EOF_SEEN) /* C99: end of file is sticky */
    return EOF;
  if (f->_flags & SE2RT_NO_READS) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return EOF;
  }
  if (f->_IO_read_ptr < f->_IO_read_end)
    return (unsigned char)*f->_IO_read_ptr;
  if (!f->_IO_buf_base)
    se2rt_doallocbuf(f);
  /* Reading a line-buffered or unbuffered stream first flushes stdout,
   * when stdout is line buffered (glibc's _IO_stdout, whatever `stdout`
   * points to). */
  if (f->_flags & (SE2RT_LINE_BUF | SE2RT_UNBUFFERED)) {
    FILE *o = &se2rt_stdout_obj;
    if ((o->_flags & (SE2RT_LINKED | SE2RT_NO_WRITES | SE2RT_LINE_BUF)) ==
        (SE2RT_LINKED | SE2RT_LINE_BUF))
      se2rt_file_overflow(o, EOF);
  }
  char *b = f->_IO_buf_base;
  se2rt_setg(f, b, b, b);
  f->_IO_write_base = f->_IO_write_ptr = f->_IO_write_end = b;
  long count = __se2_read(f->_fileno, b, (unsigned long)(f->_IO_buf_end - b));
  if (count <= 0) {
    if (count == 0) {
      f->_flags |= _IO_EOF_SEEN;
    } else {
      f->_flags |= _IO_ERR_SEEN;
      errno = EBADF;
      count = 0;
    }
  }
  f->_IO_read_end += count;
  if (count == 0)
    return EOF;
  return (unsigned char)*f->_IO_read_ptr;
}

/* __underflow: the next byte without consuming it (reading a stream in
 * put mode first writes its buffer out). */
SE2_WEAK int __underflow(FILE *f) {
  SE2RT_ORIENT(f);
  if (f->_flags & SE2RT_CURRENTLY_PUTTING)
    if (se2rt_switch_to_get_mode(f) == EOF)
      return EOF;
  if (f->_IO_read_ptr < f->_IO_read_end)
    return (unsigned char)*f->_IO_read_ptr;
  if (f->_flags & SE2RT_IN_BACKUP) {
    se2rt_switch_to_main_get_area(f);
    if (f->_IO_read_ptr < f->_IO_read_end)
      return (unsigned char)*f->_IO_read_ptr;
  }
  return se2rt_underflow(f);
}

/* __uflow: called by glibc's inline getc_unlocked when the get area is
 * empty; consumes the byte. */
SE2_WEAK int __uflow(FILE *f) {
  if (__underflow(f) == EOF)
    return EOF;
  return (unsigned char)*f->_IO_read_ptr++;
}

/* glibc's _IO_getc_unlocked. */
SE2_WEAK int fgetc(FILE *f) {
  if (f->_IO_read_ptr < f->_IO_read_end)
    return (unsigned char)*f->_IO_read_ptr++;
  return __uflow(f);
}

SE2_WEAK int getc(FILE *f) { return fgetc(f); }
SE2_WEAK int getchar(void) { return fgetc(stdin); }
SE2_WEAK int fgetc_unlocked(FILE *f) { return fgetc(f); }
SE2_WEAK int getc_unlocked(FILE *f) { return fgetc(f); }
SE2_WEAK int getchar_unlocked(void) { return fgetc(stdin); }

/* Pushes c back in front of the get area, or into the backup area when
 * the get area has no room (128 bytes there; C guarantees one). Clears
 * end-of-file. */
SE2_WEAK int ungetc(int c, FILE *f) {
  if (c == EOF || (f->_flags & SE2RT_NO_READS))
    return EOF;
  if (!f->_IO_buf_base)
    se2rt_doallocbuf(f);
  if (!f->_IO_read_ptr)
    se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
  if (f->_flags & SE2RT_IN_BACKUP) {
    if (f->_IO_read_ptr == se2rt_pback)
      return EOF;
    *--f->_IO_read_ptr = (char)c;
  } else if (f->_IO_read_ptr > f->_IO_buf_base) {
    *--f->_IO_read_ptr = (char)c;
  } else if (f->_IO_read_end < f->_IO_buf_end) {
    for (char *q = f->_IO_read_end; q > f->_IO_read_ptr; q--)
      q[0] = q[-1];
    f->_IO_read_end++;
    *f->_IO_read_ptr = (char)c;
  } else {
    se2rt_main_ptr = f->_IO_read_ptr;
    se2rt_main_end = f->_IO_read_end;
    char *e = se2rt_pback + sizeof se2rt_pback;
    se2rt_setg(f, se2rt_pback, e, e);
    f->_flags |= SE2RT_IN_BACKUP;
    *--f->_IO_read_ptr = (char)c;
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

/* _IO_file_xsgetn: what the get area holds, then refills while less than
 * a buffer is wanted; a request of a buffer or more is read directly
 * (whole blocks), without refilling, so without flushing stdout. */
SE2_WEAK size_t fread(void *restrict ptr, size_t size, size_t n,
                      FILE *restrict f) {
  size_t total = size * n, want = total;
  char *s = ptr;
  if (want == 0)
    return 0;
  if (!f->_IO_buf_base)
    se2rt_doallocbuf(f);
  while (want > 0) {
    size_t have = f->_IO_read_ptr < f->_IO_read_end
                      ? (size_t)(f->_IO_read_end - f->_IO_read_ptr)
                      : 0;
    if (want <= have) {
      memcpy(s, f->_IO_read_ptr, want);
      f->_IO_read_ptr += want;
      want = 0;
      break;
    }
    if (have > 0) {
      memcpy(s, f->_IO_read_ptr, have);
      s += have;
      want -= have;
      f->_IO_read_ptr += have;
    }
    if (f->_flags & SE2RT_IN_BACKUP) {
      se2rt_switch_to_main_get_area(f);
      continue;
    }
    size_t block_size = (size_t)(f->_IO_buf_end - f->_IO_buf_base);
    if (want < block_size) {
      if (__underflow(f) == EOF)
        break;
      continue;
    }
    se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
    se2rt_setp(f, f->_IO_buf_base, f->_IO_buf_base);
    size_t count = want;
    if (block_size >= 128)
      count -= want % block_size;
    long got = __se2_read(f->_fileno, s, count);
    if (got <= 0) {
      if (got == 0) {
        f->_flags |= _IO_EOF_SEEN;
      } else {
        f->_flags |= _IO_ERR_SEEN;
        errno = EBADF;
      }
      break;
    }
    s += got;
    want -= (size_t)got;
  }
  return want == 0 ? n : (total - want) / size;
}

SE2_WEAK size_t fread_unlocked(void *restrict ptr, size_t size, size_t n,
                               FILE *restrict f) {
  return fread(ptr, size, n, f);
}

/* ---- output (putc.c, iofputs.c, ioputs.c, iofwrite.c) ----------------- */

SE2_WEAK int fputc(int c, FILE *f) { return SE2RT_PUTC(c, f); }

/* Called by glibc's inline putc_unlocked when the put area is full. */
SE2_WEAK int __overflow(FILE *f, int c) { return se2rt_overflow(f, c); }
SE2_WEAK int putc(int c, FILE *f) { return SE2RT_PUTC(c, f); }
SE2_WEAK int putchar(int c) { return SE2RT_PUTC(c, stdout); }
SE2_WEAK int fputc_unlocked(int c, FILE *f) { return SE2RT_PUTC(c, f); }
SE2_WEAK int putc_unlocked(int c, FILE *f) { return SE2RT_PUTC(c, f); }
SE2_WEAK int putchar_unlocked(int c) { return SE2RT_PUTC(c, stdout); }

/* glibc returns 1 on success. */
SE2_WEAK int fputs(const char *restrict s, FILE *restrict f) {
  size_t n = strlen(s);
  return se2rt_sputn(f, s, n) == n ? 1 : EOF;
}

SE2_WEAK int fputs_unlocked(const char *restrict s, FILE *restrict f) {
  return fputs(s, f);
}

/* The string, then the newline through putc; glibc returns the number of
 * bytes written (the newline included). */
SE2_WEAK int puts(const char *s) {
  FILE *f = stdout;
  size_t n = strlen(s);
  if (se2rt_sputn(f, s, n) != n || SE2RT_PUTC('\n', f) == EOF)
    return EOF;
  return n + 1 > 0x7fffffff ? 0x7fffffff : (int)(n + 1);
}

/* Bytes left in the buffer when only its flush failed count as written. */
SE2_WEAK size_t fwrite(const void *restrict p, size_t size, size_t n,
                       FILE *restrict f) {
  size_t request = size * n;
  if (request == 0)
    return 0;
  size_t written = se2rt_sputn(f, p, request);
  if (written == request || written == (size_t)EOF)
    return n;
  return written / size;
}

SE2_WEAK size_t fwrite_unlocked(const void *restrict p, size_t size, size_t n,
                                FILE *restrict f) {
  return fwrite(p, size, n, f);
}

/* "msg: strerror(errno)\n" (just the message when msg is NULL or "").
 * glibc leaves a stderr not yet used (not byte-oriented) alone and prints
 * through fdopen(dup(2), "w+"), flushed by fclose: the message is written
 * at once. That fdopen fails unless descriptor 2 is open for reading too,
 * as a terminal is and a pipe or a redirected file are not; then, and when
 * stderr is in use, glibc does fprintf(stderr, "%s%s%s\n", ...): one piece
 * if stderr is unbuffered, else four pieces into its buffer. */
SE2_WEAK void perror(const char *msg) {
  FILE *f = stderr;
  const char *e = strerror(errno), *colon = ": ";
  if (!msg || !*msg)
    msg = colon = "";
  int fresh = f->_mode == 0 && f->_fileno != -1 && __se2_isatty(f->_fileno);
  if (!fresh) {
    if (f->_flags & SE2RT_NO_WRITES) { /* closed: vfprintf's EBADF */
      f->_flags |= _IO_ERR_SEEN;
      errno = EBADF;
      return;
    }
    SE2RT_ORIENT(f);
    if (!(f->_flags & SE2RT_UNBUFFERED)) {
      if (se2rt_sputn(f, msg, strlen(msg)) == strlen(msg) &&
          se2rt_sputn(f, colon, strlen(colon)) == strlen(colon) &&
          se2rt_sputn(f, e, strlen(e)) == strlen(e))
        se2rt_sputn(f, "\n", 1);
      return;
    }
  }
  size_t ml = strlen(msg), cl = strlen(colon), el = strlen(e);
  char small[256];
  size_t total = ml + cl + el + 1;
  char *b = total <= sizeof small ? small : malloc(total);
  if (!b)
    return;
  memcpy(b, msg, ml);
  memcpy(b + ml, colon, cl);
  memcpy(b + ml + cl, e, el);
  b[total - 1] = '\n';
  if (!fresh)
    se2rt_sputn(f, b, total); /* unbuffered stderr: printf's one piece */
  else if (__se2_write(f->_fileno, b, total) < 0)
    f->_flags |= _IO_ERR_SEEN;
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
SE2_WEAK int fileno(FILE *f) {
  if (f->_fileno < 0) { /* closed */
    errno = EBADF;
    return -1;
  }
  return f->_fileno;
}
SE2_WEAK int fileno_unlocked(FILE *f) { return fileno(f); }

/* fflush(NULL) flushes every stream. */
SE2_WEAK int fflush(FILE *f) {
  if (!f)
    return se2rt_flush_all();
  return se2rt_sync(f) ? EOF : 0;
}
SE2_WEAK int fflush_unlocked(FILE *f) { return fflush(f); }

/* _IO_new_file_setbuf: flush, then take buffer p (the one-byte _shortbuf,
 * unbuffered, when p is NULL or len 0). */
static int se2rt_file_setbuf(FILE *f, char *p, size_t len) {
  if (se2rt_sync(f) == EOF)
    return EOF;
  f->_flags &= ~SE2RT_IN_BACKUP;
  if (!p || len == 0) {
    f->_flags |= SE2RT_UNBUFFERED;
    f->_IO_buf_base = f->_shortbuf;
    f->_IO_buf_end = f->_shortbuf + 1;
  } else {
    f->_flags &= ~SE2RT_UNBUFFERED;
    f->_flags |= SE2RT_USER_BUF; /* the program's: never freed */
    f->_IO_buf_base = p;
    f->_IO_buf_end = p + len;
  }
  se2rt_setp(f, f->_IO_buf_base, f->_IO_buf_base);
  se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
  return 0;
}

/* _IO_setvbuf. A NULL buffer with _IOFBF keeps the current buffer or
 * allocates the default one now (the size argument is ignored); with
 * _IOLBF it only sets the mode. The pointers of a stream already writing
 * are not touched, as in glibc, so a later change of mode takes effect at
 * the next write-out. */
SE2_WEAK int setvbuf(FILE *restrict f, char *restrict b, int mode, size_t n) {
  switch (mode) {
  case _IOFBF:
    f->_flags &= ~(SE2RT_LINE_BUF | SE2RT_UNBUFFERED);
    if (!b) {
      if (!f->_IO_buf_base) {
        se2rt_doallocate(f);
        f->_flags &= ~SE2RT_LINE_BUF;
      }
      return 0;
    }
    break;
  case _IOLBF:
    f->_flags &= ~SE2RT_UNBUFFERED;
    f->_flags |= SE2RT_LINE_BUF;
    if (!b)
      return 0;
    break;
  case _IONBF:
    f->_flags &= ~SE2RT_LINE_BUF;
    f->_flags |= SE2RT_UNBUFFERED;
    b = NULL;
    n = 0;
    break;
  default:
    return EOF;
  }
  return se2rt_file_setbuf(f, b, n);
}

/* _IO_setbuffer: fully buffered with b (unbuffered when b is NULL). */
SE2_WEAK void setbuffer(FILE *restrict f, char *restrict b, size_t n) {
  f->_flags &= ~SE2RT_LINE_BUF;
  se2rt_file_setbuf(f, b, b ? n : 0);
}
SE2_WEAK void setbuf(FILE *restrict f, char *restrict b) {
  setbuffer(f, b, SE2RT_BUFSIZ);
}
SE2_WEAK void setlinebuf(FILE *f) { setvbuf(f, NULL, _IOLBF, 0); }

SE2_WEAK void flockfile(FILE *f) { (void)f; }
SE2_WEAK void funlockfile(FILE *f) { (void)f; }
SE2_WEAK int ftrylockfile(FILE *f) {
  (void)f;
  return 0;
}

