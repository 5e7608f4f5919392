/* stdlib.c — models <stdlib.h> (and strtoimax/strtoumax of <inttypes.h>).
 *
 * Integer conversions follow glibc 2.36 exactly: leading white space, sign,
 * "0x"/"0X" prefix for bases 0 and 16, leading "0" meaning octal for base 0,
 * clamping with errno = ERANGE, EINVAL for a bad base, and *endptr at the
 * "x" of a "0x" that no hex digit follows. rand/srand/random/srandom
 * reproduce glibc's TYPE_3 additive feedback generator, so a seeded program
 * prints the same numbers as natively. qsort is glibc's top-down merge sort
 * (same result and same sequence of comparator calls).
 *
 * exit runs the atexit handlers, then flushes the stdio streams (stdio.c).
 * malloc, calloc, realloc, free, abort, _exit, strtod and atof are
 * implemented by the VM. */
#include "se2_libc.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- string to integer ------------------------------------------------- */

/* Shared scanner of the strto* family. Parses s in `base`; returns the
 * magnitude (saturated to ULLONG_MAX when it does not fit, with *ovf set),
 * stores the sign in *neg and the end of the parsed text in *end (s when
 * nothing was converted, glibc's rule for a bare "0x" included). */
static unsigned long long se2rt_strtoull_core(const char *s, char **end,
                                              int base, int *neg, int *ovf) {
  const char *p = s;
  *neg = 0;
  *ovf = 0;
  if (base < 0 || base == 1 || base > 36) {
    errno = EINVAL; /* glibc leaves *end alone here */
    return 0;
  }
  while (se2rt_isspace((unsigned char)*p))
    p++;
  if (*p == '-') {
    *neg = 1;
    p++;
  } else if (*p == '+') {
    p++;
  }
  if (*p == '0') {
    if ((base == 0 || base == 16) && se2rt_tolower((unsigned char)p[1]) == 'x') {
      p += 2;
      base = 16;
    } else if (base == 0) {
      base = 8;
    }
  } else if (base == 0) {
    base = 10;
  }
  /* Largest magnitude that can take one more digit without overflow. */
  unsigned long long cutoff = ULLONG_MAX / (unsigned)base;
  unsigned cutlim = (unsigned)(ULLONG_MAX % (unsigned)base);
  unsigned long long v = 0;
  const char *digits = p;
  for (;; p++) {
    unsigned char c = (unsigned char)*p;
    unsigned d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'z')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z')
      d = c - 'A' + 10;
    else
      break;
    if (d >= (unsigned)base)
      break;
    if (v > cutoff || (v == cutoff && d > cutlim))
      *ovf = 1;
    else
      v = v * (unsigned)base + d;
  }
  if (p == digits) {
    /* No digits: "0x" followed by a non-hex digit converts the "0". */
    if (end) {
      if (p - s >= 2 && se2rt_tolower((unsigned char)p[-1]) == 'x' &&
          p[-2] == '0')
        *end = (char *)(p - 1);
      else
        *end = (char *)s;
    }
    *neg = 0;
    return 0;
  }
  if (end)
    *end = (char *)p;
  return *ovf ? ULLONG_MAX : v;
}

SE2_WEAK unsigned long long strtoull(const char *restrict s,
                                     char **restrict end, int base) {
  int neg, ovf;
  unsigned long long v = se2rt_strtoull_core(s, end, base, &neg, &ovf);
  if (ovf) {
    errno = ERANGE;
    return ULLONG_MAX;
  }
  return neg ? -v : v;
}

SE2_WEAK long long strtoll(const char *restrict s, char **restrict end,
                           int base) {
  int neg, ovf;
  unsigned long long v = se2rt_strtoull_core(s, end, base, &neg, &ovf);
  if (neg) {
    if (ovf || v > (unsigned long long)LLONG_MAX + 1) {
      errno = ERANGE;
      return LLONG_MIN;
    }
    return (long long)(0 - v);
  }
  if (ovf || v > (unsigned long long)LLONG_MAX) {
    errno = ERANGE;
    return LLONG_MAX;
  }
  return (long long)v;
}

/* long is 64 bits on x86-64: same ranges as long long. */
SE2_WEAK unsigned long strtoul(const char *restrict s, char **restrict end,
                               int base) {
  return strtoull(s, end, base);
}
SE2_WEAK long strtol(const char *restrict s, char **restrict end, int base) {
  return strtoll(s, end, base);
}
SE2_WEAK intmax_t strtoimax(const char *restrict s, char **restrict end,
                            int base) {
  return strtoll(s, end, base);
}
SE2_WEAK uintmax_t strtoumax(const char *restrict s, char **restrict end,
                             int base) {
  return strtoull(s, end, base);
}

/* glibc's atoi is (int) strtol (s, NULL, 10). */
SE2_WEAK int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
SE2_WEAK long atol(const char *s) { return strtol(s, NULL, 10); }
SE2_WEAK long long atoll(const char *s) { return strtoll(s, NULL, 10); }

/* strtod and strtof are the VM's (the host's, rounding once to their own
 * type); long double goes through strtod. */
/* strtold runs on the host's C library (exact to 64 bits). */

/* ---- arithmetic -------------------------------------------------------- */

SE2_WEAK int abs(int x) { return x < 0 ? -x : x; }
SE2_WEAK long labs(long x) { return x < 0 ? -x : x; }
SE2_WEAK long long llabs(long long x) { return x < 0 ? -x : x; }
SE2_WEAK intmax_t imaxabs(intmax_t x) { return x < 0 ? -x : x; }

SE2_WEAK div_t div(int n, int d) {
  div_t r;
  r.quot = n / d;
  r.rem = n % d;
  return r;
}
SE2_WEAK ldiv_t ldiv(long n, long d) {
  ldiv_t r;
  r.quot = n / d;
  r.rem = n % d;
  return r;
}
SE2_WEAK lldiv_t lldiv(long long n, long long d) {
  lldiv_t r;
  r.quot = n / d;
  r.rem = n % d;
  return r;
}

/* ---- sorting and searching --------------------------------------------- */

/* Copy one element of size s from src to dst. */
static void se2rt_copy_elem(char *dst, const char *src, size_t s) {
  for (size_t i = 0; i < s; i++)
    dst[i] = src[i];
}

/* Comparators take a third argument (qsort_r's); qsort's two-argument
 * comparator is called through se2rt_cmp2 with itself as that argument. */
typedef int (*se2rt_cmp3)(const void *, const void *, void *);
typedef int (*se2rt_cmpfn)(const void *, const void *);

static int se2rt_cmp2(const void *a, const void *b, void *f) {
  return ((se2rt_cmpfn)f)(a, b);
}

/* glibc's msort_with_tmp: sort n elements of size s at b, using tmp
 * (n*s bytes) as the merge area. Ties keep their order (stable). */
static void se2rt_msort(char *b, size_t n, size_t s, se2rt_cmp3 cmp, void *arg,
                        char *tmp) {
  if (n <= 1)
    return;
  size_t n1 = n / 2, n2 = n - n1;
  char *b1 = b, *b2 = b + n1 * s;
  se2rt_msort(b1, n1, s, cmp, arg, tmp);
  se2rt_msort(b2, n2, s, cmp, arg, tmp);
  char *t = tmp;
  while (n1 > 0 && n2 > 0) {
    if (cmp(b1, b2, arg) <= 0) {
      se2rt_copy_elem(t, b1, s);
      b1 += s;
      n1--;
    } else {
      se2rt_copy_elem(t, b2, s);
      b2 += s;
      n2--;
    }
    t += s;
  }
  if (n1 > 0)
    memcpy(t, b1, n1 * s);
  memcpy(b, tmp, (n - n2) * s);
}

/* Stable insertion sort: the fallback when no merge area can be had. */
static void se2rt_isort(char *b, size_t n, size_t s, se2rt_cmp3 cmp,
                        void *arg) {
  for (size_t i = 1; i < n; i++) {
    for (size_t j = i; j > 0 && cmp(b + (j - 1) * s, b + j * s, arg) > 0;
         j--) {
      char *x = b + (j - 1) * s, *y = b + j * s;
      for (size_t k = 0; k < s; k++) {
        char c = x[k];
        x[k] = y[k];
        y[k] = c;
      }
    }
  }
}

/* glibc's qsort_r (a GNU extension): the comparator gets `arg`. */
SE2_WEAK void qsort_r(void *base, size_t n, size_t s, se2rt_cmp3 cmp,
                      void *arg) {
  if (n <= 1 || s == 0)
    return;
  char *tmp = malloc(n * s);
  if (!tmp) {
    se2rt_isort(base, n, s, cmp, arg);
    return;
  }
  se2rt_msort(base, n, s, cmp, arg, tmp);
  free(tmp);
}

SE2_WEAK void qsort(void *base, size_t n, size_t s, se2rt_cmpfn cmp) {
  qsort_r(base, n, s, se2rt_cmp2, (void *)cmp);
}

/* glibc's bsearch: same probe sequence. */
SE2_WEAK void *bsearch(const void *key, const void *base, size_t n, size_t s,
                       int (*cmp)(const void *, const void *)) {
  size_t l = 0, u = n;
  while (l < u) {
    size_t idx = (l + u) / 2;
    const void *p = (const char *)base + idx * s;
    int c = cmp(key, p);
    if (c < 0)
      u = idx;
    else if (c > 0)
      l = idx + 1;
    else
      return (void *)p;
  }
  return NULL;
}

/* ---- pseudo-random numbers (glibc TYPE_3) ------------------------------ */

/* State of glibc's random_r with degree 31 and separation 3: a ring of 31
 * words; f and r index the front and rear taps. */
static int32_t se2rt_rand_state[31];
static int se2rt_rand_f, se2rt_rand_r;
static int se2rt_rand_seeded;

static int32_t se2rt_random_step(void) {
  uint32_t val = (uint32_t)se2rt_rand_state[se2rt_rand_f] +
                 (uint32_t)se2rt_rand_state[se2rt_rand_r];
  se2rt_rand_state[se2rt_rand_f] = (int32_t)val;
  if (++se2rt_rand_f >= 31)
    se2rt_rand_f = 0;
  if (++se2rt_rand_r >= 31)
    se2rt_rand_r = 0;
  return (int32_t)(val >> 1);
}

SE2_WEAK void srandom(unsigned int seed) {
  /* glibc's __srandom_r. */
  if (seed == 0)
    seed = 1;
  int32_t word = (int32_t)seed;
  se2rt_rand_state[0] = word;
  for (int i = 1; i < 31; i++) {
    /* state[i] = (16807 * state[i - 1]) % 2147483647 without overflow. */
    long hi = word / 127773;
    long lo = word % 127773;
    word = (int32_t)(16807 * lo - 2836 * hi);
    if (word < 0)
      word += 2147483647;
    se2rt_rand_state[i] = word;
  }
  se2rt_rand_f = 3;
  se2rt_rand_r = 0;
  se2rt_rand_seeded = 1;
  for (int i = 0; i < 310; i++)
    (void)se2rt_random_step();
}

SE2_WEAK long random(void) {
  if (!se2rt_rand_seeded)
    srandom(1); /* glibc's initial state is that of seed 1 */
  return se2rt_random_step();
}

SE2_WEAK void srand(unsigned int seed) { srandom(seed); }
SE2_WEAK int rand(void) { return (int)random(); }

/* glibc's rand_r: three rounds of a 32-bit LCG. */
SE2_WEAK int rand_r(unsigned int *seed) {
  unsigned int next = *seed;
  int result;
  next *= 1103515245;
  next += 12345;
  result = (unsigned int)(next / 65536) % 2048;
  next *= 1103515245;
  next += 12345;
  result <<= 10;
  result ^= (unsigned int)(next / 65536) % 1024;
  next *= 1103515245;
  next += 12345;
  result <<= 10;
  result ^= (unsigned int)(next / 65536) % 1024;
  *seed = next;
  return result;
}

/* ---- process ----------------------------------------------------------- */

#define SE2RT_ATEXIT_MAX 32
static void (*se2rt_atexit_fns[SE2RT_ATEXIT_MAX])(void);
static int se2rt_atexit_count;

/* Handlers with an argument (__cxa_atexit, thread-exit destructors) share
 * the order of the plain ones: each plain slot may carry one. */
static void (*se2rt_atexit_argfns[SE2RT_ATEXIT_MAX])(void *);
static void *se2rt_atexit_args[SE2RT_ATEXIT_MAX];

SE2_WEAK int atexit(void (*fn)(void)) {
  if (se2rt_atexit_count >= SE2RT_ATEXIT_MAX)
    return -1;
  se2rt_atexit_argfns[se2rt_atexit_count] = 0;
  se2rt_atexit_fns[se2rt_atexit_count++] = fn;
  return 0;
}

SE2_WEAK int __cxa_atexit(void (*fn)(void *), void *arg, void *dso) {
  (void)dso;
  if (se2rt_atexit_count >= SE2RT_ATEXIT_MAX)
    return -1;
  se2rt_atexit_fns[se2rt_atexit_count] = 0;
  se2rt_atexit_args[se2rt_atexit_count] = arg;
  se2rt_atexit_argfns[se2rt_atexit_count++] = fn;
  return 0;
}

/* One thread: its destructors run at exit. */
SE2_WEAK int __cxa_thread_atexit_impl(void (*fn)(void *), void *arg,
                                      void *dso) {
  return __cxa_atexit(fn, arg, dso);
}

/* Runs the atexit handlers, last registered first (a handler may register
 * more), then writes out what the stdio streams hold (glibc's _IO_cleanup)
 * and ends the path through the VM's _exit. _exit and _Exit end it at
 * once: buffered output is lost, as natively. */
SE2_WEAK void exit(int status) {
  while (se2rt_atexit_count > 0) {
    int i = --se2rt_atexit_count;
    if (se2rt_atexit_argfns[i])
      se2rt_atexit_argfns[i](se2rt_atexit_args[i]);
    else
      se2rt_atexit_fns[i]();
  }
  se2rt_flush_all();
  _exit(status);
}

SE2_WEAK void _Exit(int status) { _exit(status); }

/* realloc with glibc's overflow check. */
SE2_WEAK void *reallocarray(void *p, size_t n, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(n, size, &bytes)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(p, bytes);
}

/* Every VM object starts at a multiple of 2^32: any alignment holds. */
SE2_WEAK void *aligned_alloc(size_t align, size_t n) {
  (void)align;
  return malloc(n);
}
SE2_WEAK void *memalign(size_t align, size_t n) {
  (void)align;
  return malloc(n);
}
SE2_WEAK void *valloc(size_t n) { return malloc(n); }
SE2_WEAK void *pvalloc(size_t n) { return malloc(n); }
SE2_WEAK int posix_memalign(void **p, size_t align, size_t n) {
  if (align < sizeof(void *) || (align & (align - 1))) /* glibc's check */
    return EINVAL;
  void *q = malloc(n);
  if (!q)
    return ENOMEM;
  *p = q;
  return 0;
}

/* No shell. */
SE2_WEAK int system(const char *cmd) {
  (void)cmd;
  return -1;
}
