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
 * Output to a FILE goes to __se2_write in chunks of at most 256 bytes and is
 * flushed before the call returns, so stdout and stderr interleave per call.
 * Not modelled: positional arguments (%1$d) and locale digits; a long
 * double argument (%Lf) is converted to double before formatting, so
 * digits beyond double precision differ from glibc's. */
#include "se2_libc.h"

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

struct se2rt_sink {
  int fd;        /* >= 0: write to this fd; -1: write to str */
  char *str;     /* string destination */
  size_t cap;    /* bytes of str usable, the final NUL included */
  size_t count;  /* characters produced so far (what printf returns) */
  int err;       /* a write failed, or a wide character did not convert */
  size_t blen;   /* bytes pending in buf */
  char buf[256]; /* pending output of a fd sink */
};

static void se2rt_sink_flush(struct se2rt_sink *k) {
  if (k->fd >= 0 && k->blen > 0) {
    if (__se2_write(k->fd, k->buf, k->blen) < 0)
      k->err = 1;
    k->blen = 0;
  }
}

static void se2rt_out(struct se2rt_sink *k, const char *p, size_t n) {
  if (n == 0)
    return;
  if (k->fd >= 0) {
    if (k->blen + n > sizeof k->buf)
      se2rt_sink_flush(k);
    if (n > sizeof k->buf) {
      if (__se2_write(k->fd, p, n) < 0)
        k->err = 1;
    } else {
      memcpy(k->buf + k->blen, p, n);
      k->blen += n;
    }
  } else if (k->count < k->cap) {
    size_t room = k->cap - 1 - k->count;
    memcpy(k->str + k->count, p, n < room ? n : room);
  }
  k->count += n;
}

static void se2rt_outc(struct se2rt_sink *k, char c) { se2rt_out(k, &c, 1); }

/* n copies of c (nothing when n <= 0). */
static void se2rt_pad(struct se2rt_sink *k, char c, long n) {
  char chunk[32];
  if (n <= 0)
    return;
  for (int i = 0; i < 32; i++)
    chunk[i] = c;
  while (n > 0) {
    long m = n < 32 ? n : 32;
    se2rt_out(k, chunk, (size_t)m);
    n -= m;
  }
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
 * sign and prefix, unless a precision or '-' is given. */
static void se2rt_fmt_int(struct se2rt_sink *k, unsigned long long v, int neg,
                          unsigned base, char spec, int fl, int width,
                          int prec) {
  const char *digs = spec == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char rev[64], dig[64];
  int nd = 0, nonzero = v != 0;
  int zeropad = (fl & FL_ZERO) && !(fl & FL_LEFT) && prec < 0;
  if (prec < 0)
    prec = 1;
  if (!(prec == 0 && v == 0)) {
    do {
      rev[nd++] = digs[v % base];
      v /= base;
    } while (v != 0);
  }
  for (int i = 0; i < nd; i++)
    dig[i] = rev[nd - 1 - i];
  long zeros = prec > nd ? prec - nd : 0;
  if (base == 8 && (fl & FL_ALT) && zeros == 0 && (nd == 0 || dig[0] != '0'))
    zeros = 1;
  char pre[3];
  int np = 0;
  if (neg)
    pre[np++] = '-';
  else if (fl & FL_PLUS)
    pre[np++] = '+';
  else if (fl & FL_SPACE)
    pre[np++] = ' ';
  if (base == 16 && (fl & FL_ALT) && nonzero) {
    pre[np++] = '0';
    pre[np++] = spec;
  }
  long len = np + zeros + nd;
  if (!(fl & FL_LEFT) && !zeropad)
    se2rt_pad(k, ' ', width - len);
  se2rt_out(k, pre, (size_t)np);
  if (zeropad)
    se2rt_pad(k, '0', width - len);
  se2rt_pad(k, '0', zeros);
  se2rt_out(k, dig, (size_t)nd);
  if (fl & FL_LEFT)
    se2rt_pad(k, ' ', width - len);
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

/* A floating conversion through the VM's __se2_fmt_double. The flags,
 * width and precision are spelled out in the spec handed over. */
static void se2rt_fmt_float(struct se2rt_sink *k, double d, char conv, int fl,
                            int width, int prec) {
  char spec[40], *p = spec;
  *p++ = '%';
  if (fl & FL_LEFT)
    *p++ = '-';
  if (fl & FL_PLUS)
    *p++ = '+';
  if (fl & FL_SPACE)
    *p++ = ' ';
  if (fl & FL_ALT)
    *p++ = '#';
  if (fl & FL_ZERO)
    *p++ = '0';
  if (width > 0)
    p = se2rt_put_uint(p, (unsigned)width);
  if (prec >= 0) {
    *p++ = '.';
    p = se2rt_put_uint(p, (unsigned)prec);
  }
  *p++ = conv;
  *p = 0;
  char small[512];
  int n = __se2_fmt_double(small, sizeof small, spec, d);
  if (n < 0) {
    k->err = 1;
    return;
  }
  if ((size_t)n < sizeof small) {
    se2rt_out(k, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    k->err = 1;
    return;
  }
  __se2_fmt_double(big, (size_t)n + 1, spec, d);
  se2rt_out(k, big, (size_t)n);
  free(big);
}

/* A wide character as one byte of the "C" locale; -1 if it has none. */
static int se2rt_wide_byte(wint_t wc) { return wc < 0x80 ? (int)wc : -1; }

/* glibc prints an unknown conversion back in normalised form. */
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
  se2rt_out(k, t, (size_t)(p - t));
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
        se2rt_fmt_text(k, &c, 1, fl, width);
      } else {
        char c = (char)va_arg(ap, int);
        se2rt_fmt_text(k, &c, 1, fl, width);
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
      double d = ldbl ? (double)va_arg(ap, long double) : va_arg(ap, double);
      se2rt_fmt_float(k, d, conv, fl, width, prec);
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

static void se2rt_sink_init(struct se2rt_sink *k, int fd, char *str,
                            size_t cap) {
  k->fd = fd;
  k->str = str;
  k->cap = cap;
  k->count = 0;
  k->err = 0;
  k->blen = 0;
}

SE2_WEAK int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap) {
  struct se2rt_sink k;
  se2rt_sink_init(&k, f->_fileno, NULL, 0);
  int r = se2rt_vformat(&k, fmt, ap);
  se2rt_sink_flush(&k);
  if (k.err) {
    f->_flags |= _IO_ERR_SEEN;
    errno = EBADF;
    return -1;
  }
  return r;
}

SE2_WEAK int vdprintf(int fd, const char *restrict fmt, va_list ap) {
  struct se2rt_sink k;
  se2rt_sink_init(&k, fd, NULL, 0);
  int r = se2rt_vformat(&k, fmt, ap);
  se2rt_sink_flush(&k);
  if (k.err) {
    errno = EBADF;
    return -1;
  }
  return r;
}

SE2_WEAK int vsnprintf(char *restrict s, size_t n, const char *restrict fmt,
                       va_list ap) {
  struct se2rt_sink k;
  se2rt_sink_init(&k, -1, s, n);
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
