/* Files, directories, descriptors and the working directory, compared
 * with the native run (output and the files left behind). */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    printf("opendir %s: %s\n", dir, strerror(errno));
    return;
  }
  char *names[64];
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 64)
    names[n++] = strdup(e->d_name);
  closedir(d);
  qsort(names, n, sizeof names[0], cmp);
  printf("%s:", dir);
  for (int i = 0; i < n; i++)
    printf(" %s", names[i]);
  printf("\n");
}

int main(void) {
  if (mkdir("d", 0755) != 0)
    printf("mkdir: %s\n", strerror(errno));
  FILE *f = fopen("d/f.txt", "w");
  for (int i = 0; i < 300; i++)
    fprintf(f, "line %d\n", i);
  printf("ftell after write %ld\n", ftell(f));
  fclose(f);
  f = fopen("d/f.txt", "r");
  char buf[64];
  int lines = 0;
  while (fgets(buf, sizeof buf, f))
    lines++;
  printf("lines %d eof %d\n", lines, feof(f));
  fseek(f, 7, SEEK_SET);
  printf("at 7: %s", fgets(buf, sizeof buf, f));
  printf("ftell %ld\n", ftell(f));
  fclose(f);
  f = fopen("d/f.txt", "a");
  fputs("appended\n", f);
  fclose(f);
  struct stat sb;
  stat("d/f.txt", &sb);
  printf("size %lld regular %d\n", (long long)sb.st_size, S_ISREG(sb.st_mode));
  printf("rename %d\n", rename("d/f.txt", "d/g.txt"));
  int fd = open("d/new", O_WRONLY | O_CREAT | O_EXCL, 0640);
  int again = open("d/new", O_WRONLY | O_CREAT | O_EXCL, 0640);
  printf("excl %d %d %s\n", fd >= 0, again, strerror(errno));
  write(fd, "abc", 3);
  close(fd);
  printf("close twice %d %s\n", close(fd), strerror(errno));
  fd = open("d/new", O_RDONLY);
  printf("lseek end %ld\n", (long)lseek(fd, 0, SEEK_END));
  printf("pread %zd\n", pread(fd, buf, 2, 1));
  buf[2] = 0;
  printf("bytes %s\n", buf);
  close(fd);
  /* stdout redirected to a file and back */
  int out = open("d/redirected", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int saved = dup(1);
  fflush(stdout);
  dup2(out, 1);
  printf("into the file\n");
  fflush(stdout);
  dup2(saved, 1);
  close(out);
  close(saved);
  printf("back on stdout\n");
  symlink("g.txt", "d/link");
  symlink("loop2", "d/loop1");
  symlink("loop1", "d/loop2");
  char target[64] = {0};
  printf("readlink %zd %s\n", readlink("d/link", target, sizeof target - 1), target);
  printf("loop stat %d %s\n", stat("d/loop1", &sb), strerror(errno));
  printf("missing open %d %s\n", open("d/missing", O_RDONLY), strerror(errno));
  printf("access %d %d\n", access("d/g.txt", R_OK), access("d/missing", F_OK));
  list("d");
  list("nowhere");
  if (chdir("d") == 0) {
    char cwd[4096];
    getcwd(cwd, sizeof cwd);
    printf("cwd ends with /d: %d\n", strlen(cwd) > 2 && !strcmp(cwd + strlen(cwd) - 2, "/d"));
    f = fopen("here.txt", "w");
    fputs("written after chdir\n", f);
    fclose(f);
    struct statx sx;
    int sr = statx(AT_FDCWD, "here.txt", 0, STATX_SIZE, &sx);
    printf("statx %d size %llu\n", sr, (unsigned long long)sx.stx_size);
    /* pathconf runs on the host: relative to the path's directory */
    printf("pathconf %ld\n", pathconf("here.txt", _PC_NAME_MAX));
    chdir("..");
  }
  unlink("d/new");
  mkdir("d/sub", 0700);
  printf("rmdir %d\n", rmdir("d/sub"));
  list("d");
  return 0;
}
