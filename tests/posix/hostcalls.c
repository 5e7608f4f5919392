/* Host library functions that follow pointers inside structures, return
 * pointers into them, and set errno. */
#include <errno.h>
#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
// ARGS: -v --name=zed -x rest

int main(int argc, char **argv) {
  static struct option opts[] = {{"verbose", no_argument, 0, 'v'},
                                 {"name", required_argument, 0, 'n'},
                                 {0, 0, 0, 0}};
  int c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "vn:", opts, 0)) != -1)
    printf("opt %c %s optind %d\n", c, optarg ? optarg : "-", optind);
  printf("rest %s\n", argv[optind]);
  struct stat sb;
  errno = 0;
  int r = stat("/nonexistent/x", &sb);
  printf("stat %d errno %d %s\n", r, errno, strerror(errno));
  time_t t = 86400 * 365 + 3600;
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[128];
  strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %Z", &tm);
  printf("gmtime %s zone %s\n", buf, tm.tm_zone);
  tm.tm_mday += 40;
  time_t back = timegm(&tm);
  printf("timegm %lld mday %d mon %d\n", (long long)back, tm.tm_mday, tm.tm_mon);
  struct passwd pw, *res = 0;
  char pbuf[1024];
  getpwuid_r(0, &pw, pbuf, sizeof pbuf, &res);
  printf("uid 0 is %s\n", res ? res->pw_name : "?");
  struct passwd *p = getpwnam("root");
  printf("root home %s\n", p ? p->pw_dir : "?");
  printf("no such user %p\n", (void *)getpwnam("no-such-user-xyz"));
  return 0;
}
