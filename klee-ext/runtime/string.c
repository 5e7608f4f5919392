/* string.c — models <string.h> and <strings.h>.
 *
 * Plain byte loops on purpose: the VM forks on comparisons of symbolic
 * bytes, and the simplest loop keeps the number of paths small. Comparison
 * functions return the difference of the first differing bytes (as
 * unsigned char), which is what glibc's x86-64 versions return, so a
 * program that prints strcmp's result prints the same number.
 * memcpy, memmove and memset are implemented by the VM itself. */
#include "se2_libc.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- lengths and copies ------------------------------------------------ */

SE2_WEAK size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}

SE2_WEAK size_t strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n])
    n++;
  return n;
}

SE2_WEAK char *strcpy(char *restrict d, const char *restrict s) {
  char *r = d;
  while ((*d++ = *s++))
    ;
  return r;
}

SE2_WEAK char *stpcpy(char *restrict d, const char *restrict s) {
  while ((*d = *s++))
    d++;
  return d;
}

/* Copies at most n bytes and pads with NULs up to n. */
SE2_WEAK char *strncpy(char *restrict d, const char *restrict s, size_t n) {
  size_t i = 0;
  for (; i < n && s[i]; i++)
    d[i] = s[i];
  for (; i < n; i++)
    d[i] = 0;
  return d;
}

SE2_WEAK char *stpncpy(char *restrict d, const char *restrict s, size_t n) {
  size_t i = 0;
  for (; i < n && s[i]; i++)
    d[i] = s[i];
  char *end = d + i;
  for (; i < n; i++)
    d[i] = 0;
  return end;
}

SE2_WEAK char *strcat(char *restrict d, const char *restrict s) {
  strcpy(d + strlen(d), s);
  return d;
}

/* Appends at most n bytes of s, then always a NUL. */
SE2_WEAK char *strncat(char *restrict d, const char *restrict s, size_t n) {
  char *p = d + strlen(d);
  size_t i = 0;
  for (; i < n && s[i]; i++)
    p[i] = s[i];
  p[i] = 0;
  return d;
}

SE2_WEAK char *strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

SE2_WEAK char *strndup(const char *s, size_t max) {
  size_t n = strnlen(s, max);
  char *p = malloc(n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = 0;
  }
  return p;
}

SE2_WEAK void *mempcpy(void *restrict d, const void *restrict s, size_t n) {
  memcpy(d, s, n);
  return (char *)d + n;
}

SE2_WEAK void *memccpy(void *restrict d, const void *restrict s, int c,
                       size_t n) {
  unsigned char *dp = d;
  const unsigned char *sp = s;
  for (size_t i = 0; i < n; i++) {
    dp[i] = sp[i];
    if (sp[i] == (unsigned char)c)
      return dp + i + 1;
  }
  return NULL;
}

SE2_WEAK void bzero(void *s, size_t n) { memset(s, 0, n); }
SE2_WEAK void explicit_bzero(void *s, size_t n) { memset(s, 0, n); }
SE2_WEAK void bcopy(const void *s, void *d, size_t n) { memmove(d, s, n); }

/* ---- comparisons ------------------------------------------------------- */

SE2_WEAK int strcmp(const char *a, const char *b) {
  const unsigned char *p = (const unsigned char *)a;
  const unsigned char *q = (const unsigned char *)b;
  while (*p && *p == *q) {
    p++;
    q++;
  }
  return *p - *q;
}

SE2_WEAK int strncmp(const char *a, const char *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a;
  const unsigned char *q = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++) {
    if (p[i] != q[i] || !p[i])
      return p[i] - q[i];
  }
  return 0;
}

/* The "C" locale collates by byte value. */
SE2_WEAK int strcoll(const char *a, const char *b) { return strcmp(a, b); }

SE2_WEAK size_t strxfrm(char *restrict d, const char *restrict s, size_t n) {
  size_t len = strlen(s);
  if (n > 0) {
    size_t c = len < n - 1 ? len : n - 1;
    memcpy(d, s, c);
    d[c] = 0;
  }
  return len;
}

SE2_WEAK int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *p = a, *q = b;
  for (size_t i = 0; i < n; i++) {
    if (p[i] != q[i])
      return p[i] - q[i];
  }
  return 0;
}

SE2_WEAK int bcmp(const void *a, const void *b, size_t n) {
  return memcmp(a, b, n);
}

SE2_WEAK int strcasecmp(const char *a, const char *b) {
  const unsigned char *p = (const unsigned char *)a;
  const unsigned char *q = (const unsigned char *)b;
  for (;; p++, q++) {
    int x = se2rt_tolower(*p), y = se2rt_tolower(*q);
    if (x != y || !x)
      return x - y;
  }
}

SE2_WEAK int strncasecmp(const char *a, const char *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a;
  const unsigned char *q = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++) {
    int x = se2rt_tolower(p[i]), y = se2rt_tolower(q[i]);
    if (x != y || !x)
      return x - y;
  }
  return 0;
}

/* ---- searching --------------------------------------------------------- */

SE2_WEAK char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return NULL;
  }
}

SE2_WEAK char *strchrnul(const char *s, int c) {
  while (*s && *s != (char)c)
    s++;
  return (char *)s;
}

SE2_WEAK char *strrchr(const char *s, int c) {
  const char *last = NULL;
  for (;; s++) {
    if (*s == (char)c)
      last = s;
    if (!*s)
      return (char *)last;
  }
}

SE2_WEAK char *index(const char *s, int c) { return strchr(s, c); }
SE2_WEAK char *rindex(const char *s, int c) { return strrchr(s, c); }

SE2_WEAK void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (size_t i = 0; i < n; i++) {
    if (p[i] == (unsigned char)c)
      return (void *)(p + i);
  }
  return NULL;
}

SE2_WEAK void *memrchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  while (n > 0) {
    n--;
    if (p[n] == (unsigned char)c)
      return (void *)(p + n);
  }
  return NULL;
}

SE2_WEAK void *rawmemchr(const void *s, int c) {
  const unsigned char *p = s;
  while (*p != (unsigned char)c)
    p++;
  return (void *)p;
}

SE2_WEAK char *strstr(const char *h, const char *n) {
  if (!*n)
    return (char *)h;
  for (; *h; h++) {
    size_t i = 0;
    while (n[i] && h[i] == n[i])
      i++;
    if (!n[i])
      return (char *)h;
  }
  return NULL;
}

SE2_WEAK char *strcasestr(const char *h, const char *n) {
  if (!*n)
    return (char *)h;
  for (; *h; h++) {
    size_t i = 0;
    while (n[i] && se2rt_tolower((unsigned char)h[i]) ==
                       se2rt_tolower((unsigned char)n[i]))
      i++;
    if (!n[i])
      return (char *)h;
  }
  return NULL;
}

SE2_WEAK void *memmem(const void *h, size_t hl, const void *n, size_t nl) {
  const unsigned char *hp = h, *np = n;
  if (nl == 0)
    return (void *)h;
  for (size_t i = 0; i + nl <= hl; i++) {
    size_t j = 0;
    while (j < nl && hp[i + j] == np[j])
      j++;
    if (j == nl)
      return (void *)(hp + i);
  }
  return NULL;
}

/* 1 if byte c occurs in the NUL-terminated set. */
static int se2rt_in_set(char c, const char *set) {
  for (; *set; set++) {
    if (*set == c)
      return 1;
  }
  return 0;
}

SE2_WEAK size_t strspn(const char *s, const char *accept) {
  size_t n = 0;
  while (s[n] && se2rt_in_set(s[n], accept))
    n++;
  return n;
}

SE2_WEAK size_t strcspn(const char *s, const char *reject) {
  size_t n = 0;
  while (s[n] && !se2rt_in_set(s[n], reject))
    n++;
  return n;
}

SE2_WEAK char *strpbrk(const char *s, const char *accept) {
  s += strcspn(s, accept);
  return *s ? (char *)s : NULL;
}

SE2_WEAK char *strtok_r(char *restrict s, const char *restrict delim,
                        char **restrict save) {
  if (!s)
    s = *save;
  s += strspn(s, delim);
  if (!*s) {
    *save = s;
    return NULL;
  }
  char *end = s + strcspn(s, delim);
  if (*end) {
    *end = 0;
    *save = end + 1;
  } else {
    *save = end;
  }
  return s;
}

static char *se2rt_strtok_save;

SE2_WEAK char *strtok(char *restrict s, const char *restrict delim) {
  return strtok_r(s, delim, &se2rt_strtok_save);
}

SE2_WEAK char *strsep(char **restrict sp, const char *restrict delim) {
  char *s = *sp;
  if (!s)
    return NULL;
  char *end = s + strcspn(s, delim);
  if (*end) {
    *end = 0;
    *sp = end + 1;
  } else {
    *sp = NULL;
  }
  return s;
}

/* ---- error messages ---------------------------------------------------- */

/* glibc 2.36's messages (Linux x86-64 errno values). */
static const char *const se2rt_errlist[] = {
    [0] = "Success",
    [1] = "Operation not permitted",
    [2] = "No such file or directory",
    [3] = "No such process",
    [4] = "Interrupted system call",
    [5] = "Input/output error",
    [6] = "No such device or address",
    [7] = "Argument list too long",
    [8] = "Exec format error",
    [9] = "Bad file descriptor",
    [10] = "No child processes",
    [11] = "Resource temporarily unavailable",
    [12] = "Cannot allocate memory",
    [13] = "Permission denied",
    [14] = "Bad address",
    [15] = "Block device required",
    [16] = "Device or resource busy",
    [17] = "File exists",
    [18] = "Invalid cross-device link",
    [19] = "No such device",
    [20] = "Not a directory",
    [21] = "Is a directory",
    [22] = "Invalid argument",
    [23] = "Too many open files in system",
    [24] = "Too many open files",
    [25] = "Inappropriate ioctl for device",
    [26] = "Text file busy",
    [27] = "File too large",
    [28] = "No space left on device",
    [29] = "Illegal seek",
    [30] = "Read-only file system",
    [31] = "Too many links",
    [32] = "Broken pipe",
    [33] = "Numerical argument out of domain",
    [34] = "Numerical result out of range",
    [35] = "Resource deadlock avoided",
    [36] = "File name too long",
    [37] = "No locks available",
    [38] = "Function not implemented",
    [39] = "Directory not empty",
    [40] = "Too many levels of symbolic links",
    [42] = "No message of desired type",
    [43] = "Identifier removed",
    [44] = "Channel number out of range",
    [45] = "Level 2 not synchronized",
    [46] = "Level 3 halted",
    [47] = "Level 3 reset",
    [48] = "Link number out of range",
    [49] = "Protocol driver not attached",
    [50] = "No CSI structure available",
    [51] = "Level 2 halted",
    [52] = "Invalid exchange",
    [53] = "Invalid request descriptor",
    [54] = "Exchange full",
    [55] = "No anode",
    [56] = "Invalid request code",
    [57] = "Invalid slot",
    [59] = "Bad font file format",
    [60] = "Device not a stream",
    [61] = "No data available",
    [62] = "Timer expired",
    [63] = "Out of streams resources",
    [64] = "Machine is not on the network",
    [65] = "Package not installed",
    [66] = "Object is remote",
    [67] = "Link has been severed",
    [68] = "Advertise error",
    [69] = "Srmount error",
    [70] = "Communication error on send",
    [71] = "Protocol error",
    [72] = "Multihop attempted",
    [73] = "RFS specific error",
    [74] = "Bad message",
    [75] = "Value too large for defined data type",
    [76] = "Name not unique on network",
    [77] = "File descriptor in bad state",
    [78] = "Remote address changed",
    [79] = "Can not access a needed shared library",
    [80] = "Accessing a corrupted shared library",
    [81] = ".lib section in a.out corrupted",
    [82] = "Attempting to link in too many shared libraries",
    [83] = "Cannot exec a shared library directly",
    [84] = "Invalid or incomplete multibyte or wide character",
    [85] = "Interrupted system call should be restarted",
    [86] = "Streams pipe error",
    [87] = "Too many users",
    [88] = "Socket operation on non-socket",
    [89] = "Destination address required",
    [90] = "Message too long",
    [91] = "Protocol wrong type for socket",
    [92] = "Protocol not available",
    [93] = "Protocol not supported",
    [94] = "Socket type not supported",
    [95] = "Operation not supported",
    [96] = "Protocol family not supported",
    [97] = "Address family not supported by protocol",
    [98] = "Address already in use",
    [99] = "Cannot assign requested address",
    [100] = "Network is down",
    [101] = "Network is unreachable",
    [102] = "Network dropped connection on reset",
    [103] = "Software caused connection abort",
    [104] = "Connection reset by peer",
    [105] = "No buffer space available",
    [106] = "Transport endpoint is already connected",
    [107] = "Transport endpoint is not connected",
    [108] = "Cannot send after transport endpoint shutdown",
    [109] = "Too many references: cannot splice",
    [110] = "Connection timed out",
    [111] = "Connection refused",
    [112] = "Host is down",
    [113] = "No route to host",
    [114] = "Operation already in progress",
    [115] = "Operation now in progress",
    [116] = "Stale file handle",
    [117] = "Structure needs cleaning",
    [118] = "Not a XENIX named type file",
    [119] = "No XENIX semaphores available",
    [120] = "Is a named type file",
    [121] = "Remote I/O error",
    [122] = "Disk quota exceeded",
    [123] = "No medium found",
    [124] = "Wrong medium type",
    [125] = "Operation canceled",
    [126] = "Required key not available",
    [127] = "Key has expired",
    [128] = "Key has been revoked",
    [129] = "Key was rejected by service",
    [130] = "Owner died",
    [131] = "State not recoverable",
    [132] = "Operation not possible due to RF-kill",
    [133] = "Memory page has hardware error",
};

static char se2rt_strerror_buf[32];

SE2_WEAK char *strerror(int e) {
  if (e >= 0 && e < (int)(sizeof se2rt_errlist / sizeof se2rt_errlist[0]) &&
      se2rt_errlist[e])
    return (char *)se2rt_errlist[e];
  /* "Unknown error N", N in decimal with its sign. */
  char digits[12];
  int nd = 0;
  unsigned u = e < 0 ? -(unsigned)e : (unsigned)e;
  do {
    digits[nd++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  char *p = stpcpy(se2rt_strerror_buf, "Unknown error ");
  if (e < 0)
    *p++ = '-';
  while (nd > 0)
    *p++ = digits[--nd];
  *p = 0;
  return se2rt_strerror_buf;
}
