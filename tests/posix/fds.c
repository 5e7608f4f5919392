/* Descriptor semantics: lowest free number, O_APPEND through fcntl,
 * append streams, user buffers, temporary files, environ replaced by the
 * program, devices. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

extern char **environ;

int main(void) {
  /* close(1) then open: the file becomes stdout */
  fflush(stdout);
  int saved = dup(1);
  close(1);
  int fd = open("redir.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  printf("this line goes to redir.txt as descriptor %d\n", fd);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  printf("restored\n");

  /* O_APPEND switched on and off with fcntl */
  fd = open("append.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  write(fd, "0123456789", 10);
  lseek(fd, 2, SEEK_SET);
  write(fd, "ab", 2);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND);
  write(fd, "END", 3);
  printf("offset after append %ld\n", (long)lseek(fd, 0, SEEK_CUR));
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_APPEND);
  lseek(fd, 0, SEEK_SET);
  write(fd, "S", 1);
  printf("flags have O_APPEND %d, O_CREAT %d\n", (fcntl(fd, F_GETFL) & O_APPEND) != 0, (fcntl(fd, F_GETFL) & O_CREAT) != 0);
  printf("dup3 onto itself %d %s\n", dup3(fd, fd, 0), strerror(errno));
  printf("F_DUPFD far %d %s\n", fcntl(fd, F_DUPFD, 1 << 30), strerror(errno));
  close(fd);

  /* an append stream starts at the end; a user buffer survives fclose */
  FILE *f = fopen("append.txt", "a");
  static char buf[256];
  setvbuf(f, buf, _IOFBF, sizeof buf);
  printf("ftell of append stream %ld\n", ftell(f));
  fputs("+tail\n", f);
  printf("ftell after fputs %ld\n", ftell(f));
  fclose(f);

  /* temporary files */
  char name[] = "tmp-XXXXXX";
  int t = mkstemp(name);
  printf("mkstemp %d prefix %.4s len %zu\n", t >= 0, name, strlen(name));
  write(t, "x", 1);
  close(t);
  unlink(name);
  char dname[] = "dir-XXXXXX";
  printf("mkdtemp %d\n", mkdtemp(dname) != NULL);
  rmdir(dname);

  /* devices */
  int dn = open("/dev/null", O_RDWR);
  printf("lseek /dev/null %ld write %zd\n", (long)lseek(dn, 100, SEEK_SET), write(dn, "zz", 2));
  close(dn);

  /* gathered output reaches the path's stdout */
  fflush(stdout);
  struct iovec v[2] = {{"gathered ", 9}, {"write\n", 6}};
  printf("writev %zd\n", writev(1, v, 2));

  /* environ replaced by the program, then setenv */
  static char *mine[] = {"ONLY=1", NULL};
  environ = mine;
  setenv("ADDED", "2", 1);
  for (char **e = environ; *e; e++)
    printf("env %s\n", *e);
  return 0;
}
