/* The environment: environ, getenv, setenv, unsetenv, and the locale
 * named by it (LC_ALL=en_US.UTF-8 in the test). */
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

extern char **environ;

int main(void) {
  printf("SE2_A=%s\n", getenv("SE2_A") ? getenv("SE2_A") : "(unset)");
  setenv("SE2_B", "two", 1);
  setenv("SE2_A", "ignored", 0);
  unsetenv("SE2_C");
  int n = 0;
  for (char **e = environ; *e; e++)
    if (!strncmp(*e, "SE2_", 4))
      n++;
  printf("SE2_ variables %d, SE2_B=%s\n", n, getenv("SE2_B"));
  printf("C locale MB_CUR_MAX %d\n", (int)MB_CUR_MAX);
  printf("setlocale %s\n", setlocale(LC_ALL, "") ? "ok" : "failed");
  printf("codeset %s MB_CUR_MAX %d\n", nl_langinfo(CODESET), (int)MB_CUR_MAX);
  const char *s = "caf\xc3\xa9!";
  mbstate_t ps;
  memset(&ps, 0, sizeof ps);
  wchar_t wc;
  size_t len;
  while ((len = mbrtowc(&wc, s, 8, &ps)) > 0 && len < (size_t)-2) {
    printf("U+%04X len %zu alpha %d upper U+%04X\n", (unsigned)wc, len, iswalpha(wc) != 0, (unsigned)towupper(wc));
    s += len;
  }
  printf("invalid byte %zd\n", (ssize_t)mbrtowc(&wc, "\xff", 1, &ps));
  return 0;
}
