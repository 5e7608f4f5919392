/* stdio_file.c — streams on files: fopen, fdopen, fclose, fseek, ftell
 * (the standard streams' parts of fclose and fseek too). Opened streams
 * are glibc FILEs driven by stdio.c's libio logic on the VM's descriptors
 * (exec/posix): a malloc'd buffer on first use, chained from se2rt_files
 * so that exit and fflush(NULL) write them out. */
#include "se2_libc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- files ------------------------------------------------------------- */

#include <fcntl.h>
#include <unistd.h>

/* fopen's mode string as open flags (glibc's _IO_new_file_fopen), or -1. */
static int se2rt_mode_flags(const char *mode, int *rw) {
  int flags;
  switch (*mode) {
  case 'r':
    flags = O_RDONLY;
    *rw = SE2RT_NO_WRITES;
    break;
  case 'w':
    flags = O_WRONLY | O_CREAT | O_TRUNC;
    *rw = SE2RT_NO_READS;
    break;
  case 'a':
    flags = O_WRONLY | O_CREAT | O_APPEND;
    *rw = SE2RT_NO_READS;
    break;
  default:
    return -1;
  }
  for (const char *m = mode + 1; *m && m < mode + 7; m++) {
    if (*m == '+') {
      flags = (flags & ~O_ACCMODE) | O_RDWR;
      *rw = 0;
    } else if (*m == 'x')
      flags |= O_EXCL;
    else if (*m == 'e')
      flags |= O_CLOEXEC;
  }
  return flags;
}

static FILE *se2rt_new_stream(int fd, int rw) {
  FILE *f = calloc(1, sizeof *f);
  if (!f) {
    errno = ENOMEM;
    return NULL;
  }
  f->_flags = (int)(SE2RT_MAGIC | SE2RT_IS_FILEBUF | rw);
  f->_flags2 = SE2RT_OPENED;
  f->_fileno = fd;
  f->_chain = se2rt_files;
  se2rt_files = f;
  return f;
}

SE2_WEAK FILE *fopen(const char *restrict path, const char *restrict mode) {
  int rw;
  int flags = se2rt_mode_flags(mode, &rw);
  if (flags < 0) {
    errno = EINVAL;
    return NULL;
  }
  int fd = open(path, flags, 0666);
  if (fd < 0)
    return NULL;
  /* glibc positions an append stream at the end, so ftell is the size. */
  if (flags & O_APPEND)
    lseek(fd, 0, SEEK_END);
  FILE *f = se2rt_new_stream(fd, rw);
  if (!f)
    close(fd);
  return f;
}
SE2_WEAK FILE *fopen64(const char *restrict path, const char *restrict mode) {
  return fopen(path, mode);
}
SE2_WEAK FILE *fdopen(int fd, const char *mode) {
  int rw;
  if (se2rt_mode_flags(mode, &rw) < 0) {
    errno = EINVAL;
    return NULL;
  }
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0)
    return NULL;
  /* As glibc: "a" sets O_APPEND on the descriptor. */
  if (*mode == 'a' && !(fl & O_APPEND))
    fcntl(fd, F_SETFL, fl | O_APPEND);
  return se2rt_new_stream(fd, rw);
}
SE2_WEAK FILE *freopen(const char *restrict path, const char *restrict mode,
                       FILE *restrict f) {
  (void)path;
  (void)mode;
  (void)f;
  errno = ENOTSUP;
  return NULL;
}
SE2_WEAK FILE *tmpfile(void) {
  errno = ENOTSUP;
  return NULL;
}

/* Position of an opened stream: the descriptor's, less what is buffered
 * unread, plus what is buffered unwritten. */
static long se2rt_file_tell(FILE *f) {
  off_t pos = lseek(f->_fileno, 0, SEEK_CUR);
  if (pos < 0)
    return -1;
  pos -= f->_IO_read_end - f->_IO_read_ptr;
  pos += f->_IO_write_ptr - f->_IO_write_base;
  return (long)pos;
}

static int se2rt_file_seek(FILE *f, long off, int whence) {
  if (se2rt_sync(f) == EOF)
    return -1;
  if (whence == SEEK_CUR)
    off -= (long)(f->_IO_read_end - f->_IO_read_ptr);
  if (lseek(f->_fileno, off, whence) < 0)
    return -1;
  se2rt_setg(f, f->_IO_buf_base, f->_IO_buf_base, f->_IO_buf_base);
  se2rt_setp(f, f->_IO_buf_base, f->_IO_buf_base);
  /* Bytes pushed back with ungetc are dropped, as glibc does. */
  f->_flags &= ~(_IO_EOF_SEEN | SE2RT_CURRENTLY_PUTTING | SE2RT_IN_BACKUP);
  return 0;
}

static int se2rt_file_close(FILE *f) {
  int status = se2rt_sync(f) == EOF ? EOF : 0;
  if (close(f->_fileno) != 0)
    status = EOF;
  for (FILE **p = &se2rt_files; *p; p = &(*p)->_chain)
    if (*p == f) {
      *p = f->_chain;
      break;
    }
  if (f->_IO_buf_base && f->_IO_buf_base != f->_shortbuf &&
      !(f->_flags & SE2RT_USER_BUF))
    free(f->_IO_buf_base);
  free(f);
  return status;
}

/* Closing a standard stream writes its buffer out and closes it for stdio
 * (_IO_new_file_close_it): later reads and writes fail with EBADF. Any
 * other FILE cannot have come from fopen. */
SE2_WEAK int fclose(FILE *f) {
  if (f->_flags2 & SE2RT_OPENED)
    return se2rt_file_close(f);
  if (!se2rt_is_std(f)) {
    errno = EBADF;
    return EOF;
  }
  if (f->_fileno == -1) /* already closed */
    return EOF;
  int status = 0;
  if (!(f->_flags & SE2RT_NO_WRITES) &&
      (f->_flags & SE2RT_CURRENTLY_PUTTING))
    status = se2rt_do_flush(f);
  f->_IO_buf_base = f->_IO_buf_end = NULL;
  se2rt_setg(f, NULL, NULL, NULL);
  se2rt_setp(f, NULL, NULL);
  f->_flags = (int)(SE2RT_MAGIC | SE2RT_NO_READS | SE2RT_NO_WRITES |
                    SE2RT_IS_FILEBUF | SE2RT_TIED_PUT_GET);
  f->_fileno = -1;
  return status;
}

/* The standard streams are not seekable: fseek fails with ESPIPE, after
 * writing out a stream's pending output as glibc does on a pipe. */
SE2_WEAK int fseek(FILE *f, long off, int whence) {
  if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) {
    errno = EINVAL;
    return -1;
  }
  if (f->_flags2 & SE2RT_OPENED)
    return se2rt_file_seek(f, off, whence);
  if (f->_IO_write_ptr > f->_IO_write_base ||
      (f->_flags & SE2RT_CURRENTLY_PUTTING))
    if (se2rt_switch_to_get_mode(f) == EOF)
      return -1;
  errno = ESPIPE;
  return -1;
}
SE2_WEAK long ftell(FILE *f) {
  if (f->_flags2 & SE2RT_OPENED)
    return se2rt_file_tell(f);
  errno = ESPIPE;
  return -1;
}
SE2_WEAK void rewind(FILE *f) {
  fseek(f, 0, SEEK_SET);
  f->_flags &= ~(_IO_EOF_SEEN | _IO_ERR_SEEN);
}
