/* The real upcase. */
#include <ctype.h>

void upcase(char *dst, const char *src) {
  while (*src)
    *dst++ = (char)toupper((unsigned char)*src++);
  *dst = 0;
}
