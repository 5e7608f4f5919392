/* locale_conv.c — localeconv() for the program's locale: the numeric
 * separators come from nl_langinfo (the host's, run under the program's
 * locale); the monetary fields are the "C" locale's. */
#include "se2_libc.h"

#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <string.h>

static char se2rt_radix[8] = ".";
static char se2rt_thousands[8] = "";
static char se2rt_empty[1] = "";

SE2_WEAK struct lconv *localeconv(void) {
  static struct lconv lc;
  const char *r = nl_langinfo(RADIXCHAR);
  const char *t = nl_langinfo(THOUSEP);
  strncpy(se2rt_radix, r && *r ? r : ".", sizeof se2rt_radix - 1);
  strncpy(se2rt_thousands, t ? t : "", sizeof se2rt_thousands - 1);
  lc.decimal_point = se2rt_radix;
  lc.thousands_sep = se2rt_thousands;
  /* glibc's grouping for a locale with a separator is "\3\3". */
  lc.grouping = *se2rt_thousands ? "\3\3" : se2rt_empty;
  lc.int_curr_symbol = lc.currency_symbol = lc.mon_decimal_point =
      lc.mon_thousands_sep = lc.mon_grouping = lc.positive_sign =
          lc.negative_sign = se2rt_empty;
  lc.int_frac_digits = lc.frac_digits = lc.p_cs_precedes = lc.p_sep_by_space =
      lc.n_cs_precedes = lc.n_sep_by_space = lc.p_sign_posn = lc.n_sign_posn =
          CHAR_MAX;
  lc.int_p_cs_precedes = lc.int_p_sep_by_space = lc.int_n_cs_precedes =
      lc.int_n_sep_by_space = lc.int_p_sign_posn = lc.int_n_sign_posn =
          CHAR_MAX;
  return &lc;
}
