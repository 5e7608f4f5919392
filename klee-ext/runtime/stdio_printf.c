/* stdio_printf.c — models the printf family of <stdio.h>.
 *
 * One formatter (se2rt_vformat) serves printf, fprintf, sprintf, snprintf,
 * vprintf, vfprintf, vsprintf, vsnprintf, dprintf, vdprintf, asprintf and
 * vasprintf. Its output is byte-identical to glibc 2.36's for the
 * conversions d i u x X o c s p n m % (flags - + space # 0 ' I, width and
 * precision as numbers or *, length modifiers hh h l ll q L j z Z t);
 * floating conversions f F e E g G a A are handed, one value at a time, to
 * the VM's __se2_fmt_double, which formats like the host's snprintf.
 *
 * Output to a FILE goes through the stream's buffer (stdio.c) in the same
 * pieces as glibc 2.36's vfprintf hands it over: literal text, strings and
 * digit strings as one piece each (_IO_sputn); signs, "0x" prefixes, %c,
 * unknown conversions and floats of at most 20 bytes one byte at a time
 * (putc); padding in runs of 16 (_IO_padn). The pieces matter: they decide
 * where a line-buffered stream, or one with a buffer under 128 bytes,
 * writes out. For an unbuffered stream (stderr) glibc formats into an
 * 8 KiB helper buffer, written when full and at the end of the call;
 * dprintf formats into a temporary stream on the descriptor (4 KiB, line
 * buffered on a terminal) written out at the end of the call.
 * Not modelled: positional arguments (%1$d) and locale digits; a long
 * double argument (%Lf) is converted to double before formatting, so
 * digits beyond double precision differ from glibc's; %a with a precision
 * above 13 puts its trailing zeros byte by byte where glibc pads them. */
#include "se2_libc.h"

#include <klee/klee.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* ---- output sinks ------------------------------------------------------ */

enum { SINK_STR, SINK_FILE, SINK_HELPER };

#define SE2RT_HELPER_SIZE 8192 /* glibc's BUFSIZ */

/* buffered_vfprintf's helper buffer: formatting never nests. */
static char se2rt_helper_buf[SE2RT_HELPER_SIZE];

struct se2rt_sink {
  int kind;      /* SINK_* */
  FILE *f;       /* the stream (SINK_FILE, SINK_HELPER) */
  char *str;     /* string destination (SINK_STR) */
  size_t cap;    /* bytes of str usable, the final NUL included */
  size_t count;  /* characters produced so far (what printf returns) */
  int err;       /* a write failed: nothing more is output */
  size_t hlen;   /* bytes pending in se2rt_helper_buf (SINK_HELPER) */
};

/* Hand the helper buffer to the (unbuffered) stream. */
static void se2rt_helper_flush(struct se2rt_sink *k) {
  if (k->hlen > 0) {
    if (se2rt_sputn(k->f, se2rt_helper_buf, k->hlen) != k->hlen)
      k->err = 1;
    k->hlen = 0;
  }
}

/* One piece of output (glibc's outstring / PUT). */
static void se2rt_out(struct se2rt_sink *k, const char *p, size_t n) {
  if (n == 0)
    return;
  if (k->kind == SINK_STR) {
    if (k->count < k->cap) {
      size_t room = k->cap - 1 - k->count;
      memcpy(k->str + k->count, p, n < room ? n : room);
    }
  } else if (!k->err) {
    if (k->kind == SINK_FILE) {
      if (se2rt_sputn(k->f, p, n) != n)
        k->err = 1;
    } else {
      size_t left = n;
      while (left > 0 && !k->err) {
        if (k->hlen == SE2RT_HELPER_SIZE)
          se2rt_helper_flush(k);
        size_t m = SE2RT_HELPER_SIZE - k->hlen;
        if (m > left)
          m = left;
        memcpy(se2rt_helper_buf + k->hlen, p, m);
        k->hlen += m;
        p += m;
        left -= m;
      }
    }
  }
  k->count += n;
}

/* One byte (glibc's outchar / putc). */
static void se2rt_outc(struct se2rt_sink *k, char c) {
  if (k->kind == SINK_FILE) {
    if (!k->err && SE2RT_PUTC(c, k->f) == EOF)
      k->err = 1;
    k->count++;
  } else {
    se2rt_out(k, &c, 1);
  }
}

/* n copies of c (nothing when n <= 0), in runs of 16 as glibc's _IO_padn. */
static void se2rt_pad(struct se2rt_sink *k, char c, long n) {
  char chunk[16];
  if (n <= 0)
    return;
  for (int i = 0; i < 16; i++)
    chunk[i] = c;
  for (; n >= 16; n -= 16)
    se2rt_out(k, chunk, 16);
  se2rt_out(k, chunk, (size_t)n);
}

/* ---- conversions ------------------------------------------------------- */

#define FL_LEFT 1
#define FL_PLUS 2
#define FL_SPACE 4
#define FL_ALT 8
#define FL_ZERO 16

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T };

/* An integer conversion, as glibc's vfprintf does it: the precision is the
 * minimum digit count (default 1; "%.0d" of 0 prints no digit); '#' adds a
 * leading 0 for octal and 0x/0X for a nonzero hex value; '0' pads after the
 * sign and prefix, unless a precision or '-' is given. The pieces are
 * glibc's: space padding, sign and prefix byte by byte, zeros, digits. */
static void se2rt_fmt_int(struct se2rt_sink *k, unsigned long long v, int neg,
                          unsigned base, char spec, int fl, int width,
                          int prec) {
  const char *digs = spec == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char work[66], *end = work + sizeof work, *str = end;
  int alt = (fl & FL_ALT) != 0, left = (fl & FL_LEFT) != 0;
  int zeropad = (fl & FL_ZERO) && !left && prec < 0;
  if (prec < 0)
    prec = 1;
  if (prec == 0 && v == 0) {
    if (base == 8 && alt)
      *--str = '0';
  } else {
    unsigned long long x = v;
    if (base == 10 && x <= 0xffffffffu) {
      /* The common case in 32 bits and without a table lookup: a symbolic
       * value then costs the solver far less per digit. */
      unsigned y = (unsigned)x;
      do {
        *--str = (char)('0' + y % 10);
        y /= 10;
      } while (y != 0);
    } else {
      do {
        *--str = digs[x % base];
        x /= base;
      } while (x != 0);
    }
  }
  long nd = end - str;
  if (prec <= nd && v != 0 && alt && base == 8) { /* octal marker */
    *--str = '0';
    nd++;
  }
  long zeros = prec > nd ? prec - nd : 0;
  int hex = v != 0 && alt && base == 16;
  char sign = neg ? '-' : (fl & FL_PLUS) ? '+' : (fl & FL_SPACE) ? ' ' : 0;
  long w = width - nd - zeros - (hex ? 2 : 0) - (sign ? 1 : 0);
  if (!left && !zeropad) {
    se2rt_pad(k, ' ', w);
    w = 0;
  }
  if (sign)
    se2rt_outc(k, sign);
  if (hex) {
    se2rt_outc(k, '0');
    se2rt_outc(k, spec);
  }
  if (!left) {
    se2rt_pad(k, '0', w + zeros); /* padding zeros and precision zeros */
    se2rt_out(k, str, (size_t)nd);
  } else {
    se2rt_pad(k, '0', zeros);
    se2rt_out(k, str, (size_t)nd);
    se2rt_pad(k, ' ', w);
  }
}

/* n bytes of text padded with spaces to the width (glibc never pads
 * strings or characters with zeros). */
static void se2rt_fmt_text(struct se2rt_sink *k, const char *s, size_t n,
                           int fl, int width) {
  if (!(fl & FL_LEFT))
    se2rt_pad(k, ' ', (long)width - (long)n);
  se2rt_out(k, s, n);
  if (fl & FL_LEFT)
    se2rt_pad(k, ' ', (long)width - (long)n);
}

/* %c: as a string of one, but the byte goes through putc. */
static void se2rt_fmt_char(struct se2rt_sink *k, char c, int fl, int width) {
  if (!(fl & FL_LEFT))
    se2rt_pad(k, ' ', (long)width - 1);
  se2rt_outc(k, c);
  if (fl & FL_LEFT)
    se2rt_pad(k, ' ', (long)width - 1);
}

/* Decimal digits of a non-negative int, appended at p; returns the end. */
static char *se2rt_put_uint(char *p, unsigned v) {
  char tmp[12];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n > 0)
    *p++ = tmp[--n];
  return p;
}

/* A floating conversion: the VM's __se2_fmt_double formats the value
 * with the flags and precision (spelled out in the spec handed over) but
 * no width; the padding is added here in glibc's pieces (printf_fp.c):
 * spaces, the sign byte, zeros, the number, trailing spaces. inf and nan
 * are padded with spaces even with '0'; for %a the zeros go after "0x". */
static void se2rt_fmt_float(struct se2rt_sink *k, long double d, int ldbl,
                            char conv, int fl, int width, int prec) {
  char spec[40], *p = spec;
  *p++ = '%';
  if (fl & FL_PLUS)
    *p++ = '+';
  if (fl & FL_SPACE)
    *p++ = ' ';
  if (fl & FL_ALT)
    *p++ = '#';
  if (prec >= 0) {
    *p++ = '.';
    p = se2rt_put_uint(p, (unsigned)prec);
  }
  if (ldbl)
    *p++ = 'L';
  *p++ = conv;
  *p = 0;
  char small[512], *t = small;
  int n = ldbl ? __se2_fmt_ldouble(small, sizeof small, spec, d)
               : __se2_fmt_double(small, sizeof small, spec, (double)d);
  if (n < 0) {
    k->err = 1;
    return;
  }
  if ((size_t)n >= sizeof small) {
    t = malloc((size_t)n + 1);
    if (!t) {
      k->err = 1;
      return;
    }
    if (ldbl)
      __se2_fmt_ldouble(t, (size_t)n + 1, spec, d);
    else
      __se2_fmt_double(t, (size_t)n + 1, spec, (double)d);
  }
  long pad = (long)width - n;
  int sign = t[0] == '-' || t[0] == '+' || t[0] == ' ';
  int finite = se2rt_isdigit((unsigned char)t[sign]);
  int left = (fl & FL_LEFT) != 0;
  int zero = (fl & FL_ZERO) && !left && finite;
  int hex = (conv == 'a' || conv == 'A') && finite;
  if (!left && !zero)
    se2rt_pad(k, ' ', pad);
  if (sign)
    se2rt_outc(k, t[0]);
  const char *rest = t + sign, *tend = t + n;
  if (zero && hex) { /* "0x", then the zeros */
    se2rt_outc(k, rest[0]);
    se2rt_outc(k, rest[1]);
    rest += 2;
  }
  if (zero)
    se2rt_pad(k, '0', pad);
  /* glibc's PRINT: more than 20 bytes in one piece, else byte by byte
   * (printf_fphex prints its parts byte by byte). Only a stream's own
   * buffer cares. */
  if ((tend - rest > 20 && !hex) || k->kind != SINK_FILE)
    se2rt_out(k, rest, (size_t)(tend - rest));
  else
    for (; rest < tend; rest++)
      se2rt_outc(k, *rest);
  if (left)
    se2rt_pad(k, ' ', pad);
  if (t != small)
    free(t);
}

/* A wide character as one byte of the "C" locale; -1 if it has none. */
static int se2rt_wide_byte(wint_t wc) { return wc < 0x80 ? (int)wc : -1; }

/* glibc prints an unknown conversion back in normalised form, byte by
 * byte (printf_unknown). */
static void se2rt_fmt_unknown(struct se2rt_sink *k, char conv, int fl,
                              int width, int prec) {
  char t[40], *p = t;
  *p++ = '%';
  if (fl & FL_ALT)
    *p++ = '#';
  if (fl & FL_PLUS)
    *p++ = '+';
  else if (fl & FL_SPACE)
    *p++ = ' ';
  if (fl & FL_LEFT)
    *p++ = '-';
  else if (fl & FL_ZERO) /* '-' overrides '0' */
    *p++ = '0';
  if (width != 0)
    p = se2rt_put_uint(p, (unsigned)width);
  if (prec != -1) {
    *p++ = '.';
    p = se2rt_put_uint(p, (unsigned)prec);
  }
  *p++ = conv;
  for (char *q = t; q < p; q++)
    se2rt_outc(k, *q);
}

/* The formatter. Returns the number of characters produced, or -1. */
static int se2rt_vformat(struct se2rt_sink *k, const char *fmt, va_list ap) {
  const char *p = fmt;
  while (*p) {
    if (*p != '%') {
      const char *q = p;
      while (*q && *q != '%')
        q++;
      se2rt_out(k, p, (size_t)(q - p));
      p = q;
      continue;
    }
    p++;
    int fl = 0, width = 0, prec = -1, len = LEN_NONE, ldbl = 0;
    for (;; p++) {
      if (*p == '-')
        fl |= FL_LEFT;
      else if (*p == '+')
        fl |= FL_PLUS;
      else if (*p == ' ')
        fl |= FL_SPACE;
      else if (*p == '#')
        fl |= FL_ALT;
      else if (*p == '0')
        fl |= FL_ZERO;
      else if (*p != '\'' && *p != 'I') /* grouping, locale digits: no-op */
        break;
    }
    if (*p == '*') {
      width = va_arg(ap, int);
      if (width < 0) {
        fl |= FL_LEFT;
        width = -width;
      }
      p++;
    } else {
      while (se2rt_isdigit(*p))
        width = width * 10 + (*p++ - '0');
    }
    if (*p == '.') {
      p++;
      prec = 0;
      if (*p == '*') {
        prec = va_arg(ap, int);
        if (prec < 0)
          prec = -1;
        p++;
      } else {
        while (se2rt_isdigit(*p))
          prec = prec * 10 + (*p++ - '0');
      }
    }
    switch (*p) {
    case 'h':
      len = p[1] == 'h' ? LEN_HH : LEN_H;
      p += p[1] == 'h' ? 2 : 1;
      break;
    case 'l':
      if (p[1] == 'l') {
        len = LEN_LL;
        ldbl = 1; /* glibc: ll, q and L are one modifier */
        p += 2;
      } else {
        len = LEN_L;
        p++;
      }
      break;
    case 'q':
    case 'L':
      len = LEN_LL;
      ldbl = 1;
      p++;
      break;
    case 'j':
      len = LEN_J;
      p++;
      break;
    case 'z':
    case 'Z':
      len = LEN_Z;
      p++;
      break;
    case 't':
      len = LEN_T;
      p++;
      break;
    }
    char conv = *p;
    if (conv == 0) {
      /* The format ends inside a conversion: glibc fails with EINVAL. */
      errno = EINVAL;
      return -1;
    }
    p++;
    switch (conv) {
    case '%':
      se2rt_outc(k, '%');
      break;
    case 'd':
    case 'i': {
      long long v;
      if (len == LEN_HH)
        v = (signed char)va_arg(ap, int);
      else if (len == LEN_H)
        v = (short)va_arg(ap, int);
      else if (len == LEN_NONE)
        v = va_arg(ap, int);
      else if (len == LEN_LL)
        v = va_arg(ap, long long);
      else if (len == LEN_J)
        v = va_arg(ap, intmax_t);
      else if (len == LEN_T)
        v = va_arg(ap, ptrdiff_t);
      else /* l, z */
        v = va_arg(ap, long);
      /* Plain "%d" on stdout followed by a literal: a symbolic value is
       * matched against the expected output at once instead of digit by
       * digit. */
      if (k->kind == SINK_FILE && k->f->_fileno == 1 && fl == 0 &&
          width == 0 && prec < 0 && *p != 0 && *p != '%' &&
          !se2rt_isdigit(*p) && klee_is_symbolic(v))
        v = __se2_expect_decimal(
            v, (unsigned long)(k->f->_IO_write_ptr - k->f->_IO_write_base),
            (unsigned char)*p);
      unsigned long long mag =
          v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
      se2rt_fmt_int(k, mag, v < 0, 10, conv, fl, width, prec);
      break;
    }
    case 'u':
    case 'o':
    case 'x':
    case 'X': {
      unsigned long long v;
      if (len == LEN_HH)
        v = (unsigned char)va_arg(ap, unsigned);
      else if (len == LEN_H)
        v = (unsigned short)va_arg(ap, unsigned);
      else if (len == LEN_NONE)
        v = va_arg(ap, unsigned);
      else if (len == LEN_LL)
        v = va_arg(ap, unsigned long long);
      else if (len == LEN_J)
        v = va_arg(ap, uintmax_t);
      else if (len == LEN_Z)
        v = va_arg(ap, size_t);
      else /* l, t */
        v = va_arg(ap, unsigned long);
      unsigned base = conv == 'u' ? 10 : conv == 'o' ? 8 : 16;
      /* '+' and ' ' apply to signed conversions only. */
      se2rt_fmt_int(k, v, 0, base, conv, fl & ~(FL_PLUS | FL_SPACE), width,
                    prec);
      break;
    }
    case 'p': {
      void *ptr = va_arg(ap, void *);
      if (ptr)
        se2rt_fmt_int(k, (uintptr_t)ptr, 0, 16, 'x', fl | FL_ALT, width, prec);
      else
        se2rt_fmt_text(k, "(nil)", 5, fl, width);
      break;
    }
    case 'c':
    case 'C':
      if (conv == 'C' || len == LEN_L) {
        int b = se2rt_wide_byte(va_arg(ap, wint_t));
        if (b < 0) {
          errno = EILSEQ;
          return -1;
        }
        char c = (char)b;
        se2rt_fmt_text(k, &c, 1, fl, width); /* %lc: glibc's outstring */
      } else {
        se2rt_fmt_char(k, (char)va_arg(ap, int), fl, width);
      }
      break;
    case 's':
    case 'S':
    case 'm':
      if (conv == 'S' || (conv == 's' && len == LEN_L)) {
        const wchar_t *ws = va_arg(ap, const wchar_t *);
        char tmp[256];
        size_t n = 0;
        if (!ws)
          ws = L"(null)";
        /* Converted bytes: at most prec of them. */
        while (ws[n] && (prec < 0 || n < (size_t)prec) && n < sizeof tmp) {
          int b = se2rt_wide_byte((wint_t)ws[n]);
          if (b < 0) {
            errno = EILSEQ;
            return -1;
          }
          tmp[n++] = (char)b;
        }
        se2rt_fmt_text(k, tmp, n, fl, width);
      } else {
        const char *s =
            conv == 'm' ? strerror(errno) : va_arg(ap, const char *);
        if (!s)
          s = (prec < 0 || prec >= 6) ? "(null)" : "";
        size_t n = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
        se2rt_fmt_text(k, s, n, fl, width);
      }
      break;
    case 'n': {
      void *dst = va_arg(ap, void *);
      size_t c = k->count;
      if (len == LEN_HH)
        *(signed char *)dst = (signed char)c;
      else if (len == LEN_H)
        *(short *)dst = (short)c;
      else if (len == LEN_NONE)
        *(int *)dst = (int)c;
      else if (len == LEN_LL)
        *(long long *)dst = (long long)c;
      else if (len == LEN_J)
        *(intmax_t *)dst = (intmax_t)c;
      else if (len == LEN_Z)
        *(size_t *)dst = c;
      else if (len == LEN_T)
        *(ptrdiff_t *)dst = (ptrdiff_t)c;
      else
        *(long *)dst = (long)c;
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      long double d = ldbl ? va_arg(ap, long double) : va_arg(ap, double);
      se2rt_fmt_float(k, d, ldbl, conv, fl, width, prec);
      break;
    }
    default:
      se2rt_fmt_unknown(k, conv, fl, width, prec);
      break;
    }
  }
  if (k->err)
    return -1;
  if (k->count > INT_MAX) {
    errno = EOVERFLOW;
    return -1;
  }
  return (int)k->count;
}

/* ---- entry points ------------------------------------------------------ */

static void se2rt_sink_init(struct se2rt_sink *k, int kind, FILE *f,
                            char *str, size_t cap) {
  k->kind = kind;
  k->f = f;
  k->str = str;
  k->cap = cap;
  k->count = 0;
  k->err = 0;
  k->hlen = 0;
}

/* glibc's vfprintf: a stream closed for writing fails with EBADF; an
 * unbuffered stream gets its output through the helper buffer, written
 * even when formatting fails half-way. */
static int se2rt_vfprintf(FILE *f, const char *fmt, va_list ap) {
  struct se2rt_sink k;
  if (f->_flags & SE2RT_NO_WRITES) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return -1;
  }
  if (!fmt) {
    errno = EINVAL;
    return -1;
  }
  SE2RT_ORIENT(f);
  if (f->_flags & SE2RT_UNBUFFERED) {
    se2rt_sink_init(&k, SINK_HELPER, f, NULL, 0);
    int r = se2rt_vformat(&k, fmt, ap);
    se2rt_helper_flush(&k);
    return k.err ? -1 : r;
  }
  se2rt_sink_init(&k, SINK_FILE, f, NULL, 0);
  return se2rt_vformat(&k, fmt, ap);
}

SE2_WEAK int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap) {
  return se2rt_vfprintf(f, fmt, ap);
}

/* glibc's vdprintf: a temporary stream on fd (its own buffer, line
 * buffered on a terminal), flushed when formatting succeeded. Descriptors
 * other than 0, 1, 2 are not open in the VM. */
SE2_WEAK int vdprintf(int fd, const char *restrict fmt, va_list ap) {
  struct _IO_FILE tmp;
  if (fd < 0 || fd > 2) {
    errno = EBADF;
    return -1;
  }
  memset(&tmp, 0, sizeof tmp);
  tmp._flags = (int)(SE2RT_MAGIC | SE2RT_NO_READS | SE2RT_IS_FILEBUF |
                     SE2RT_DELETE_DONT_CLOSE | _IO_USER_LOCK);
  tmp._fileno = fd;
  int r = se2rt_vfprintf(&tmp, fmt, ap);
  if (r != EOF && se2rt_do_flush(&tmp) == EOF)
    r = EOF;
  return r;
}

SE2_WEAK int vsnprintf(char *restrict s, size_t n, const char *restrict fmt,
                       va_list ap) {
  struct se2rt_sink k;
  se2rt_sink_init(&k, SINK_STR, NULL, s, n);
  int r = se2rt_vformat(&k, fmt, ap);
  if (n > 0)
    s[k.count < n - 1 ? k.count : n - 1] = 0;
  return r;
}

SE2_WEAK int vsprintf(char *restrict s, const char *restrict fmt, va_list ap) {
  return vsnprintf(s, SIZE_MAX, fmt, ap);
}

SE2_WEAK int vprintf(const char *restrict fmt, va_list ap) {
  return vfprintf(stdout, fmt, ap);
}

SE2_WEAK int vasprintf(char **restrict sp, const char *restrict fmt,
                       va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return -1;
  char *s = malloc((size_t)n + 1);
  if (!s)
    return -1;
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  *sp = s;
  return n;
}

SE2_WEAK int printf(const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(stdout, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int fprintf(FILE *restrict f, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int dprintf(int fd, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vdprintf(fd, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int sprintf(char *restrict s, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(s, SIZE_MAX, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int snprintf(char *restrict s, size_t n, const char *restrict fmt,
                      ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(s, n, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int asprintf(char **restrict sp, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vasprintf(sp, fmt, ap);
  va_end(ap);
  return r;
}
