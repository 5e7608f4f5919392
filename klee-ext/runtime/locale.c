/* locale.c - the "C" locale only.
 *
 * setlocale is modelled rather than called on the host (where it would
 * change the tool's own locale): the "C"/"POSIX" locale and the
 * environment's default ("", taken as "C") are accepted, other names fail
 * as glibc fails for a locale that is not installed. */
#include "se2_libc.h"

#include <locale.h>
#include <string.h>

static char se2rt_c_locale[] = "C";

SE2_WEAK char *setlocale(int category, const char *locale) {
  (void)category;
  if (!locale || !*locale || !strcmp(locale, "C") || !strcmp(locale, "POSIX"))
    return se2rt_c_locale;
  return NULL;
}
