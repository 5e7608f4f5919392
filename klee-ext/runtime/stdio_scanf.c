/* stdio_scanf.c — models the scanf family of <stdio.h>.
 *
 * One scanner (se2rt_vscan) serves scanf, fscanf, sscanf, vscanf, vfscanf
 * and vsscanf under both their plain names and the __isoc99_* names that
 * glibc's headers redirect C99 programs to. It follows glibc 2.36's
 * vfscanf step by step, so the return value, the values stored and the
 * input left unread agree with glibc:
 *  - white space in the format matches any amount of input white space;
 *    every conversion except %c, %[ and %n first skips white space;
 *  - the value is EOF when input ends (or fails) before the first
 *    assignment, otherwise the number of assignments made;
 *  - numbers are gathered by glibc's grammar and converted with strtol/
 *    strtoul (%d stores (int)strtol(...)); floats are gathered by glibc's
 *    grammar (sign, inf/infinity/nan, 0x, digits, one '.', exponent) and
 *    converted with strtod (the VM's);
 *  - at most one character of look-ahead is pushed back, so a failed match
 *    may consume characters, exactly as glibc does.
 * Supported: %d %i %u %o %x %X %p %c %s %[...] %n %% %e %f %g %a (and
 * upper-case forms), '*', widths, modifiers hh h l ll q L j z t and the
 * POSIX 'm' (allocate) flag; %p also reads "(nil)". Not modelled:
 * positional arguments (%1$d); %f into a float converts with strtof and
 * may differ from glibc's strtof in the last bit on rare inputs; %Lf gets
 * only double precision (the VM has no strtold). */
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

/* ---- input sources ----------------------------------------------------- */

struct se2rt_in {
  const char *s; /* string being scanned (sscanf), or NULL */
  FILE *f;       /* stream being scanned (scanf, fscanf) */
  long nread;    /* characters consumed so far, for %n */
};

static int se2rt_inch(struct se2rt_in *in) {
  int c;
  if (in->f)
    c = fgetc(in->f);
  else
    c = *in->s ? (unsigned char)*in->s++ : EOF;
  if (c != EOF)
    in->nread++;
  return c;
}

static void se2rt_unget(struct se2rt_in *in, int c) {
  if (c == EOF)
    return;
  in->nread--;
  if (in->f)
    ungetc(c, in->f);
  else
    in->s--;
}

/* ---- growable text buffer ---------------------------------------------- */

struct se2rt_buf {
  char *p;
  size_t len, cap;
  int oom;
  char small[128];
};

static void se2rt_buf_init(struct se2rt_buf *b) {
  b->p = b->small;
  b->len = 0;
  b->cap = sizeof b->small;
  b->oom = 0;
}

static void se2rt_buf_add(struct se2rt_buf *b, int c) {
  if (b->len + 1 >= b->cap) {
    char *q = malloc(b->cap * 2);
    if (!q) {
      b->oom = 1;
      return;
    }
    memcpy(q, b->p, b->len);
    if (b->p != b->small)
      free(b->p);
    b->p = q;
    b->cap *= 2;
  }
  b->p[b->len++] = (char)c;
}

static void se2rt_buf_free(struct se2rt_buf *b) {
  if (b->p != b->small)
    free(b->p);
  se2rt_buf_init(b);
}

/* ---- destinations of %c %s %[ ------------------------------------------ */

/* Where the characters of a string conversion go: a char or wchar_t array
 * given by the caller, or (with 'm') a buffer malloc'ed here whose address
 * is stored through the char ** argument at the end. */
struct se2rt_dst {
  int suppress, wide, alloc;
  char *s;
  wchar_t *ws;
  char **allocp;
  struct se2rt_buf b;
};

static void se2rt_dst_put(struct se2rt_dst *d, int c) {
  if (d->suppress)
    return;
  if (d->alloc)
    se2rt_buf_add(&d->b, c);
  else if (d->wide)
    *d->ws++ = (wchar_t)(unsigned char)c;
  else
    *d->s++ = (char)c;
}

/* Ends the string (with a NUL unless `terminate` is 0, as for %c). */
static int se2rt_dst_finish(struct se2rt_dst *d, int terminate) {
  if (d->suppress)
    return 0;
  if (d->alloc) {
    size_t n = d->b.len;
    size_t unit = d->wide ? sizeof(wchar_t) : 1;
    char *m = malloc((n + 1) * unit);
    if (!m || d->b.oom) {
      free(m);
      se2rt_buf_free(&d->b);
      return -1;
    }
    for (size_t i = 0; i < n; i++) {
      if (d->wide)
        ((wchar_t *)m)[i] = (wchar_t)(unsigned char)d->b.p[i];
      else
        m[i] = d->b.p[i];
    }
    if (d->wide)
      ((wchar_t *)m)[n] = 0;
    else
      m[n] = 0;
    se2rt_buf_free(&d->b);
    *d->allocp = m;
    return 0;
  }
  if (terminate) {
    if (d->wide)
      *d->ws = 0;
    else
      *d->s = 0;
  }
  return 0;
}

/* ---- the scanner ------------------------------------------------------- */

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T };

static int se2rt_vscan(struct se2rt_in *in, const char *fmt, va_list ap) {
  const unsigned char *f = (const unsigned char *)fmt;
  int done = 0, skip_space = 0, c = 0;
  struct se2rt_buf b;
  se2rt_buf_init(&b);

  while (*f) {
    int fc = *f++;
    if (fc != '%') {
      /* Ordinary characters must match; white space matches any. */
      if (se2rt_isspace(fc)) {
        skip_space = 1;
        continue;
      }
      c = se2rt_inch(in);
      if (c == EOF)
        goto input_error;
      if (skip_space) {
        while (se2rt_isspace(c)) {
          c = se2rt_inch(in);
          if (c == EOF)
            goto input_error;
        }
        skip_space = 0;
      }
      if (c != fc) {
        se2rt_unget(in, c);
        goto conv_error;
      }
      continue;
    }

    /* A conversion: flags, width, modifiers, specifier. */
    int suppress = 0, alloc = 0, width = 0, len = LEN_NONE;
    while (*f == '*' || *f == '\'' || *f == 'I') {
      if (*f == '*')
        suppress = 1;
      f++;
    }
    while (se2rt_isdigit(*f))
      width = width * 10 + (*f++ - '0');
    if (width == 0)
      width = -1;
    switch (*f) {
    case 'h':
      len = f[1] == 'h' ? LEN_HH : LEN_H;
      f += f[1] == 'h' ? 2 : 1;
      break;
    case 'l':
      len = f[1] == 'l' ? LEN_LL : LEN_L;
      f += f[1] == 'l' ? 2 : 1;
      break;
    case 'q':
    case 'L':
      len = LEN_LL;
      f++;
      break;
    case 'm':
      alloc = 1;
      f++;
      if (*f == 'l') {
        len = LEN_L;
        f++;
      }
      break;
    case 'j':
      len = LEN_J;
      f++;
      break;
    case 'z':
      len = LEN_Z;
      f++;
      break;
    case 't':
      len = LEN_T;
      f++;
      break;
    }
    if (*f == 0)
      goto conv_error;
    fc = *f++;

    if (skip_space || (fc != '[' && fc != 'c' && fc != 'C' && fc != 'n')) {
      do
        c = se2rt_inch(in);
      while (se2rt_isspace(c));
      se2rt_unget(in, c);
      skip_space = 0;
    }

    switch (fc) {
    case '%':
      c = se2rt_inch(in);
      if (c == EOF)
        goto input_error;
      if (c != '%') {
        se2rt_unget(in, c);
        goto conv_error;
      }
      break;

    case 'n':
      if (!suppress) {
        void *p = va_arg(ap, void *);
        long n = in->nread;
        if (len == LEN_HH)
          *(signed char *)p = (signed char)n;
        else if (len == LEN_H)
          *(short *)p = (short)n;
        else if (len == LEN_NONE)
          *(int *)p = (int)n;
        else
          *(long *)p = n; /* l ll j z t: all 64 bits */
      }
      break;

    case 'c':
    case 'C':
    case 's':
    case 'S':
    case '[': {
      struct se2rt_dst d;
      d.suppress = suppress;
      d.wide = fc == 'C' || fc == 'S' || len == LEN_L;
      d.alloc = alloc;
      d.s = NULL;
      d.ws = NULL;
      d.allocp = NULL;
      se2rt_buf_init(&d.b);
      unsigned char set[256];
      int not_in = 0;
      if (fc == '[') {
        /* The set: ']' or '-' first is literal; "a-z" is a range when
         * a <= z; '-' last is literal. */
        if (*f == '^') {
          not_in = 1;
          f++;
        }
        memset(set, 0, sizeof set);
        if (*f == ']' || *f == '-')
          set[*f++] = 1;
        int sc;
        while ((sc = *f++) != 0 && sc != ']') {
          if (sc == '-' && *f != 0 && *f != ']' && f[-2] <= *f) {
            for (int x = f[-2]; x < *f; x++)
              set[x] = 1;
          } else {
            set[sc] = 1;
          }
        }
        if (sc == 0) {
          f--;
          goto conv_error;
        }
      }
      if (!suppress) {
        if (alloc)
          d.allocp = va_arg(ap, char **);
        else if (d.wide)
          d.ws = va_arg(ap, wchar_t *);
        else
          d.s = va_arg(ap, char *);
      }
      c = se2rt_inch(in);
      if (c == EOF)
        goto input_error;
      if (fc == 'c' || fc == 'C') {
        if (width == -1)
          width = 1;
        se2rt_dst_put(&d, c);
        while (--width > 0 && (c = se2rt_inch(in)) != EOF)
          se2rt_dst_put(&d, c);
        if (se2rt_dst_finish(&d, 0) < 0)
          goto conv_error;
      } else if (fc == 's' || fc == 'S') {
        do {
          if (se2rt_isspace(c)) {
            se2rt_unget(in, c);
            break;
          }
          se2rt_dst_put(&d, c);
        } while ((width <= 0 || --width > 0) &&
                 (c = se2rt_inch(in)) != EOF);
        if (se2rt_dst_finish(&d, 1) < 0)
          goto conv_error;
      } else {
        long taken = 0;
        if (width < 0)
          width = INT_MAX;
        do {
          if (set[c] == not_in) {
            se2rt_unget(in, c);
            break;
          }
          se2rt_dst_put(&d, c);
          taken++;
        } while (--width > 0 && (c = se2rt_inch(in)) != EOF);
        if (taken == 0) {
          se2rt_buf_free(&d.b);
          goto conv_error;
        }
        if (se2rt_dst_finish(&d, 1) < 0)
          goto conv_error;
      }
      if (!suppress)
        done++;
      break;
    }

    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
    case 'p': {
      int base = fc == 'd' || fc == 'u' ? 10 : fc == 'i' ? 0 : fc == 'o' ? 8 : 16;
      int is_signed = fc == 'd' || fc == 'i';
      se2rt_buf_free(&b);
      c = se2rt_inch(in);
      if (c == EOF)
        goto input_error;
      if (c == '-' || c == '+') {
        se2rt_buf_add(&b, c);
        if (width > 0)
          --width;
        c = se2rt_inch(in);
      }
      if (width != 0 && c == '0') {
        if (width > 0)
          --width;
        se2rt_buf_add(&b, c);
        c = se2rt_inch(in);
        if (width != 0 && se2rt_tolower(c) == 'x') {
          if (base == 0)
            base = 16;
          if (base == 16) {
            if (width > 0)
              --width;
            c = se2rt_inch(in);
          }
        } else if (base == 0) {
          base = 8;
        }
      }
      if (base == 0)
        base = 10;
      while (c != EOF && width != 0) {
        if (base == 16 ? !se2rt_isxdigit(c)
                       : (!se2rt_isdigit(c) || c - '0' >= base))
          break;
        se2rt_buf_add(&b, c);
        if (width > 0)
          --width;
        c = se2rt_inch(in);
      }
      if (b.len == 0 || (b.len == 1 && (b.p[0] == '+' || b.p[0] == '-'))) {
        /* No digits. %p also accepts "(nil)", what printf writes for NULL. */
        if (b.len == 0 && fc == 'p' && (width < 0 || width >= 5) && c == '(' &&
            se2rt_tolower(c = se2rt_inch(in)) == 'n' &&
            se2rt_tolower(c = se2rt_inch(in)) == 'i' &&
            se2rt_tolower(c = se2rt_inch(in)) == 'l' &&
            (c = se2rt_inch(in)) == ')') {
          se2rt_buf_add(&b, '0');
        } else {
          se2rt_unget(in, c);
          goto conv_error;
        }
      } else {
        se2rt_unget(in, c);
      }
      se2rt_buf_add(&b, 0);
      if (b.oom)
        goto conv_error;
      char *end;
      unsigned long long v;
      if (is_signed)
        v = (unsigned long long)strtoll(b.p, &end, base);
      else
        v = strtoull(b.p, &end, base);
      if (end == b.p)
        goto conv_error;
      if (!suppress) {
        void *p = va_arg(ap, void *);
        if (fc == 'p')
          *(void **)p = (void *)(uintptr_t)v;
        else if (len == LEN_HH)
          *(unsigned char *)p = (unsigned char)v;
        else if (len == LEN_H)
          *(unsigned short *)p = (unsigned short)v;
        else if (len == LEN_NONE)
          *(unsigned *)p = (unsigned)v;
        else
          *(unsigned long *)p = (unsigned long)v;
        done++;
      }
      break;
    }

    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      int got_digit = 0, got_dot = 0, got_e = 0, got_sign = 0, hexa = 0;
      int exp_char = 'e';
      se2rt_buf_free(&b);
      c = se2rt_inch(in);
      if (width > 0)
        --width;
      if (c == EOF)
        goto input_error;
      if (c == '-' || c == '+') {
        got_sign = 1;
        se2rt_buf_add(&b, c);
        if (width == 0 || (c = se2rt_inch(in)) == EOF)
          goto conv_error;
        if (width > 0)
          --width;
      }
      if (se2rt_tolower(c) == 'n' || se2rt_tolower(c) == 'i') {
        /* "nan", "inf" or "infinity" in any case; a mismatch fails
         * after consuming the offending character. */
        const char *word = se2rt_tolower(c) == 'n' ? "nan" : "infinity";
        se2rt_buf_add(&b, c);
        for (int i = 1; word[i]; i++) {
          if (i == 3) {
            /* "inf" is complete; "inity" may follow. */
            if (width == 0 || (c = se2rt_inch(in)) == EOF)
              break;
            if (se2rt_tolower(c) != 'i') {
              se2rt_unget(in, c);
              break;
            }
          } else if (width == 0 || (c = se2rt_inch(in)) == EOF ||
                     se2rt_tolower(c) != word[i]) {
            goto conv_error;
          }
          if (width > 0)
            --width;
          se2rt_buf_add(&b, c);
        }
        goto scan_float;
      }
      if (width != 0 && c == '0') {
        se2rt_buf_add(&b, c);
        c = se2rt_inch(in);
        if (width > 0)
          --width;
        if (width != 0 && se2rt_tolower(c) == 'x') {
          se2rt_buf_add(&b, c);
          hexa = 1;
          exp_char = 'p';
          c = se2rt_inch(in);
          if (width > 0)
            --width;
        } else {
          got_digit = 1;
        }
      }
      for (;;) {
        if (se2rt_isdigit(c)) {
          se2rt_buf_add(&b, c);
          got_digit = 1;
        } else if (!got_e && hexa && se2rt_isxdigit(c)) {
          se2rt_buf_add(&b, c);
          got_digit = 1;
        } else if (got_e && b.len > 0 && b.p[b.len - 1] == exp_char &&
                   (c == '-' || c == '+')) {
          se2rt_buf_add(&b, c);
        } else if (got_digit && !got_e && se2rt_tolower(c) == exp_char) {
          se2rt_buf_add(&b, exp_char);
          got_e = got_dot = 1;
        } else if (!got_dot && c == '.') {
          se2rt_buf_add(&b, c);
          got_dot = 1;
        } else {
          se2rt_unget(in, c);
          break;
        }
        if (width == 0 || (c = se2rt_inch(in)) == EOF)
          break;
        if (width > 0)
          --width;
      }
      /* Nothing but a sign, or a bare "0x", is no number. */
      if (b.len == (size_t)got_sign || (hexa && b.len == 2 + (size_t)got_sign))
        goto conv_error;
    scan_float:
      se2rt_buf_add(&b, 0);
      if (b.oom)
        goto conv_error;
      char *end;
      /* A float is read with strtof: one rounding, as glibc. */
      int single = len != LEN_LL && len != LEN_L;
      float fv = single ? strtof(b.p, &end) : 0.0f;
      double v = single ? 0.0 : strtod(b.p, &end);
      if (end == b.p)
        goto conv_error;
      if (!suppress) {
        if (len == LEN_LL)
          *va_arg(ap, long double *) = v;
        else if (len == LEN_L)
          *va_arg(ap, double *) = v;
        else
          *va_arg(ap, float *) = fv;
        done++;
      }
      break;
    }

    default:
      /* Unknown conversion. */
      goto conv_error;
    }
  }

  /* White space at the end of the format eats input white space. */
  if (skip_space) {
    do
      c = se2rt_inch(in);
    while (se2rt_isspace(c));
    se2rt_unget(in, c);
  }
  se2rt_buf_free(&b);
  return done;

input_error:
  se2rt_buf_free(&b);
  return done == 0 ? EOF : done;

conv_error:
  se2rt_buf_free(&b);
  return done;
}

/* ---- entry points ------------------------------------------------------ */

/* <stdio.h> renames sscanf to __isoc99_sscanf etc. for C99 programs, so the
 * __isoc99_* functions are defined by name and the plain ones through asm
 * labels (the C identifiers below are ours). */
int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap);
int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap);
int __isoc99_vscanf(const char *fmt, va_list ap);
int __isoc99_sscanf(const char *s, const char *fmt, ...);
int __isoc99_fscanf(FILE *f, const char *fmt, ...);
int __isoc99_scanf(const char *fmt, ...);
int se2rt_plain_vsscanf(const char *s, const char *fmt, va_list ap)
    __asm__("vsscanf");
int se2rt_plain_vfscanf(FILE *f, const char *fmt, va_list ap)
    __asm__("vfscanf");
int se2rt_plain_vscanf(const char *fmt, va_list ap) __asm__("vscanf");
int se2rt_plain_sscanf(const char *s, const char *fmt, ...) __asm__("sscanf");
int se2rt_plain_fscanf(FILE *f, const char *fmt, ...) __asm__("fscanf");
int se2rt_plain_scanf(const char *fmt, ...) __asm__("scanf");

SE2_WEAK int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap) {
  struct se2rt_in in = {s, NULL, 0};
  return se2rt_vscan(&in, fmt, ap);
}

SE2_WEAK int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap) {
  struct se2rt_in in = {NULL, f, 0};
  return se2rt_vscan(&in, fmt, ap);
}

SE2_WEAK int __isoc99_vscanf(const char *fmt, va_list ap) {
  return __isoc99_vfscanf(stdin, fmt, ap);
}

SE2_WEAK int __isoc99_sscanf(const char *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vsscanf(s, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __isoc99_fscanf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vfscanf(f, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int __isoc99_scanf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vfscanf(stdin, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int se2rt_plain_vsscanf(const char *s, const char *fmt, va_list ap) {
  return __isoc99_vsscanf(s, fmt, ap);
}

SE2_WEAK int se2rt_plain_vfscanf(FILE *f, const char *fmt, va_list ap) {
  return __isoc99_vfscanf(f, fmt, ap);
}

SE2_WEAK int se2rt_plain_vscanf(const char *fmt, va_list ap) {
  return __isoc99_vfscanf(stdin, fmt, ap);
}

SE2_WEAK int se2rt_plain_sscanf(const char *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vsscanf(s, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int se2rt_plain_fscanf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vfscanf(f, fmt, ap);
  va_end(ap);
  return r;
}

SE2_WEAK int se2rt_plain_scanf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __isoc99_vfscanf(stdin, fmt, ap);
  va_end(ap);
  return r;
}
