/* posix.c — directories, the environment and the exec family over the
 * VM's POSIX functions (klee-ext/src/exec/posix: open, getdents64, close,
 * execve, ...).
 *
 * DIR is glibc's design: a descriptor and a buffer of getdents64 records
 * handed out one by one. `environ` is set by the VM before main (the
 * tool's own environment unless one is given); getenv/setenv/unsetenv/
 * putenv work on it. */
#define _GNU_SOURCE 1
#include "se2_libc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- directories ------------------------------------------------------ */

struct __dirstream {
  int fd;
  size_t size;   /* bytes of records in buf */
  size_t offset; /* next record */
  long pos;      /* d_off of the last record handed out */
  char buf[32768] __attribute__((aligned(8)));
};

SE2_WEAK DIR *fdopendir(int fd) {
  struct stat sb;
  if (fstat(fd, &sb) != 0)
    return NULL;
  if (!S_ISDIR(sb.st_mode)) {
    errno = ENOTDIR;
    return NULL;
  }
  DIR *d = malloc(sizeof *d);
  if (!d) {
    errno = ENOMEM;
    return NULL;
  }
  d->fd = fd;
  d->size = d->offset = 0;
  d->pos = 0;
  return d;
}

SE2_WEAK DIR *opendir(const char *name) {
  int fd = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  DIR *d = fdopendir(fd);
  if (!d) {
    int e = errno;
    close(fd);
    errno = e;
  }
  return d;
}

SE2_WEAK struct dirent64 *readdir64(DIR *d) {
  if (d->offset >= d->size) {
    int saved = errno;
    long n = getdents64(d->fd, d->buf, sizeof d->buf);
    if (n <= 0) {
      if (n == 0)
        errno = saved; /* end of directory: errno unchanged */
      return NULL;
    }
    d->size = (size_t)n;
    d->offset = 0;
  }
  struct dirent64 *e = (struct dirent64 *)(d->buf + d->offset);
  d->offset += e->d_reclen;
  d->pos = e->d_off;
  return e;
}

SE2_WEAK struct dirent *readdir(DIR *d) {
  return (struct dirent *)readdir64(d);
}

SE2_WEAK int closedir(DIR *d) {
  int fd = d->fd;
  free(d);
  return close(fd);
}

SE2_WEAK int dirfd(DIR *d) { return d->fd; }

SE2_WEAK void rewinddir(DIR *d) {
  lseek(d->fd, 0, SEEK_SET);
  d->size = d->offset = 0;
  d->pos = 0;
}

SE2_WEAK long telldir(DIR *d) { return d->pos; }

SE2_WEAK void seekdir(DIR *d, long pos) {
  lseek(d->fd, pos, SEEK_SET);
  d->size = d->offset = 0;
  d->pos = pos;
}

/* ---- environment ------------------------------------------------------ */

SE2_WEAK char **environ;
extern char **__environ __attribute__((weak, alias("environ")));

static size_t se2rt_env_match(const char *entry, const char *name) {
  size_t n = strlen(name);
  return strncmp(entry, name, n) == 0 && entry[n] == '=' ? n + 1 : 0;
}

SE2_WEAK char *getenv(const char *name) {
  if (!environ || strchr(name, '='))
    return NULL;
  for (char **e = environ; *e; e++) {
    size_t k = se2rt_env_match(*e, name);
    if (k)
      return *e + k;
  }
  return NULL;
}

SE2_WEAK char *secure_getenv(const char *name) { return getenv(name); }

/* The environment is copied into a malloc'd vector on its first change;
 * only that vector is ever freed (a program may set environ itself). */
static char **se2rt_env_vec;

static int se2rt_env_put(char *entry, size_t namelen, int replace) {
  size_t n = 0;
  if (environ)
    for (; environ[n]; n++)
      if (strncmp(environ[n], entry, namelen) == 0 &&
          environ[n][namelen] == '=') {
        if (replace)
          environ[n] = entry;
        return 0;
      }
  char **v = malloc((n + 2) * sizeof *v);
  if (!v) {
    errno = ENOMEM;
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    v[i] = environ[i];
  v[n] = entry;
  v[n + 1] = NULL;
  if (se2rt_env_vec && environ == se2rt_env_vec)
    free(environ);
  environ = v;
  se2rt_env_vec = v;
  return 0;
}

SE2_WEAK int setenv(const char *name, const char *value, int replace) {
  if (!*name || strchr(name, '=')) {
    errno = EINVAL;
    return -1;
  }
  size_t a = strlen(name), b = strlen(value);
  char *entry = malloc(a + b + 2);
  if (!entry) {
    errno = ENOMEM;
    return -1;
  }
  memcpy(entry, name, a);
  entry[a] = '=';
  memcpy(entry + a + 1, value, b + 1);
  return se2rt_env_put(entry, a, replace);
}

SE2_WEAK int putenv(char *entry) {
  char *eq = strchr(entry, '=');
  if (!eq)
    return unsetenv(entry);
  return se2rt_env_put(entry, (size_t)(eq - entry), 1);
}

SE2_WEAK int unsetenv(const char *name) {
  if (!*name || strchr(name, '=')) {
    errno = EINVAL;
    return -1;
  }
  if (!environ)
    return 0;
  char **w = environ;
  for (char **e = environ; *e; e++)
    if (!se2rt_env_match(*e, name))
      *w++ = *e;
  *w = NULL;
  return 0;
}

SE2_WEAK int clearenv(void) {
  environ = NULL;
  return 0;
}

/* ---- the exec family with argument lists ------------------------------ */

#define SE2RT_MAX_EXEC_ARGS 1024

static int se2rt_collect(const char *arg0, va_list ap, char **argv) {
  int n = 0;
  argv[n++] = (char *)arg0;
  while (arg0 && n < SE2RT_MAX_EXEC_ARGS) {
    char *a = va_arg(ap, char *);
    argv[n++] = a;
    if (!a)
      break;
  }
  if (n == SE2RT_MAX_EXEC_ARGS)
    argv[n] = NULL; /* arguments past the limit are dropped */
  return n;
}

/* Declares argv[] holding arg0 and the variadic arguments up to NULL, and
 * leaves `ap` open (execle reads envp after the NULL). */
#define SE2RT_ARGV_FROM_LIST(argv, arg0, ap)                                   \
  char *argv[SE2RT_MAX_EXEC_ARGS + 1];                                         \
  va_list ap;                                                                  \
  va_start(ap, arg0);                                                          \
  se2rt_collect(arg0, ap, argv)

SE2_WEAK int execl(const char *path, const char *arg0, ...) {
  SE2RT_ARGV_FROM_LIST(argv, arg0, ap);
  va_end(ap);
  return execv(path, argv);
}

SE2_WEAK int execlp(const char *file, const char *arg0, ...) {
  SE2RT_ARGV_FROM_LIST(argv, arg0, ap);
  va_end(ap);
  return execvp(file, argv);
}

SE2_WEAK int execle(const char *path, const char *arg0, ...) {
  SE2RT_ARGV_FROM_LIST(argv, arg0, ap);
  char **envp = va_arg(ap, char **);
  va_end(ap);
  return execve(path, argv, envp);
}

/* ---- files by name ---------------------------------------------------- */

SE2_WEAK int remove(const char *path) {
  if (unlink(path) == 0)
    return 0;
  if (errno == EISDIR || errno == EPERM)
    return rmdir(path);
  return -1;
}

/* ---- users and groups -------------------------------------------------- */
/* The non-reentrant lookups return static storage, filled by the host's
 * reentrant ones (which write only into the buffers they are given). */

#include <grp.h>
#include <pwd.h>

static struct passwd se2rt_pw;
static char se2rt_pw_buf[4096];
static struct group se2rt_gr;
static char se2rt_gr_buf[8192];

/* The reentrant lookup `fn_r` into the static entry `obj` and buffer. */
#define SE2RT_LOOKUP(type, fn_r, key, obj, buf)                                \
  do {                                                                         \
    struct type *r = NULL;                                                     \
    int e = fn_r(key, &obj, buf, sizeof buf, &r);                              \
    if (e)                                                                     \
      errno = e;                                                               \
    return r;                                                                  \
  } while (0)

SE2_WEAK struct passwd *getpwnam(const char *name) {
  SE2RT_LOOKUP(passwd, getpwnam_r, name, se2rt_pw, se2rt_pw_buf);
}

SE2_WEAK struct passwd *getpwuid(uid_t uid) {
  SE2RT_LOOKUP(passwd, getpwuid_r, uid, se2rt_pw, se2rt_pw_buf);
}

SE2_WEAK struct group *getgrnam(const char *name) {
  SE2RT_LOOKUP(group, getgrnam_r, name, se2rt_gr, se2rt_gr_buf);
}

SE2_WEAK struct group *getgrgid(gid_t gid) {
  SE2RT_LOOKUP(group, getgrgid_r, gid, se2rt_gr, se2rt_gr_buf);
}

/* ---- memory mappings --------------------------------------------------- */
/* A mapping is a heap block of the VM: anonymous ones are zeroed, file
 * ones hold the file's bytes from `off` (a private copy: writes never
 * reach the file). */

#include <sys/mman.h>

SE2_WEAK void *mmap(void *addr, size_t len, int prot, int flags, int fd,
                    off_t off) {
  (void)addr;
  (void)prot;
  if (len == 0) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  if ((flags & MAP_SHARED) && !(flags & MAP_ANONYMOUS) && (prot & PROT_WRITE)) {
    errno = ENOTSUP; /* a shared writable file mapping cannot be a copy */
    return MAP_FAILED;
  }
  char *p = calloc(1, len);
  if (!p) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  if (!(flags & MAP_ANONYMOUS)) {
    size_t got = 0;
    while (got < len) {
      ssize_t n = pread(fd, p + got, len - got, off + (off_t)got);
      if (n < 0) {
        int e = errno;
        free(p);
        errno = e;
        return MAP_FAILED;
      }
      if (n == 0)
        break;
      got += (size_t)n;
    }
  }
  return p;
}
SE2_WEAK void *mmap64(void *addr, size_t len, int prot, int flags, int fd,
                      off_t off) {
  return mmap(addr, len, prot, flags, fd, off);
}
SE2_WEAK int munmap(void *addr, size_t len) {
  (void)len;
  free(addr);
  return 0;
}
SE2_WEAK int mprotect(void *addr, size_t len, int prot) {
  (void)addr;
  (void)len;
  (void)prot;
  return 0;
}

/* ---- signals ------------------------------------------------------------ */
/* A path receives no signals: handlers are recorded nowhere, masks stay
 * empty, and the tool's own signal state is never touched. */

#include <signal.h>

SE2_WEAK int sigaction(int sig, const struct sigaction *act,
                       struct sigaction *old) {
  (void)act;
  if (sig <= 0 || sig >= 65 || sig == SIGKILL || sig == SIGSTOP) {
    if (act || sig <= 0 || sig >= 65) {
      errno = EINVAL;
      return -1;
    }
  }
  if (old)
    memset(old, 0, sizeof *old);
  return 0;
}
SE2_WEAK __sighandler_t signal(int sig, __sighandler_t h) {
  (void)h;
  if (sig <= 0 || sig >= 65 || sig == SIGKILL || sig == SIGSTOP) {
    errno = EINVAL;
    return SIG_ERR;
  }
  return SIG_DFL;
}
SE2_WEAK int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  (void)how;
  (void)set;
  if (old)
    memset(old, 0, sizeof *old);
  return 0;
}
SE2_WEAK int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  return sigprocmask(how, set, old);
}
SE2_WEAK int sigaltstack(const stack_t *ss, stack_t *old) {
  (void)ss;
  if (old) {
    memset(old, 0, sizeof *old);
    old->ss_flags = SS_DISABLE;
  }
  return 0;
}
SE2_WEAK unsigned alarm(unsigned s) {
  (void)s;
  return 0;
}

/* The VM's memory is no host mapping: mincore knows no page of it. */
SE2_WEAK int mincore(void *addr, size_t len, unsigned char *vec) {
  (void)addr;
  (void)len;
  (void)vec;
  errno = ENOMEM;
  return -1;
}

/* ---- program name and error() ------------------------------------------ */
/* glibc sets these from argv[0] before main; so does the VM. error() and
 * error_at_line() print as glibc's do (stdout flushed first). */

#include <stdio.h>

SE2_WEAK char *program_invocation_name;
SE2_WEAK char *program_invocation_short_name;
SE2_WEAK unsigned int error_message_count;
SE2_WEAK int error_one_per_line;
SE2_WEAK void (*error_print_progname)(void);

static void se2rt_verror(int status, int errnum, const char *file,
                         unsigned line, const char *fmt, va_list ap) {
  fflush(stdout);
  if (error_print_progname)
    error_print_progname();
  else
    fprintf(stderr, "%s:", program_invocation_name);
  if (file)
    fprintf(stderr, "%s:%u: ", file, line);
  else
    fputc(' ', stderr);
  vfprintf(stderr, fmt, ap);
  ++error_message_count;
  if (errnum)
    fprintf(stderr, ": %s", strerror(errnum));
  fputc('\n', stderr);
  fflush(stderr);
  if (status)
    exit(status);
}

SE2_WEAK void error(int status, int errnum, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  se2rt_verror(status, errnum, NULL, 0, fmt, ap);
  va_end(ap);
}

SE2_WEAK void error_at_line(int status, int errnum, const char *file,
                            unsigned int line, const char *fmt, ...) {
  static const char *last_file;
  static unsigned last_line;
  if (error_one_per_line && last_file && line == last_line &&
      (file == last_file || strcmp(file, last_file) == 0))
    return;
  last_file = file;
  last_line = line;
  va_list ap;
  va_start(ap, fmt);
  se2rt_verror(status, errnum, file, line, fmt, ap);
  va_end(ap);
}

/* ---- posix_spawn ---------------------------------------------------------- */
/* Spawning is fork then exec (exec/posix runs the program on the host).
 * File actions and attributes are not modelled: a spawn that uses any
 * fails with ENOSYS. A program that cannot be run is reported to the
 * caller (as glibc does) rather than by the child's exit status. */

#include <spawn.h>

SE2_WEAK int posix_spawn_file_actions_init(posix_spawn_file_actions_t *fa) {
  memset(fa, 0, sizeof *fa);
  return 0;
}
SE2_WEAK int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *fa) {
  (void)fa;
  return 0;
}
SE2_WEAK int posix_spawnattr_init(posix_spawnattr_t *a) {
  memset(a, 0, sizeof *a);
  return 0;
}
SE2_WEAK int posix_spawnattr_destroy(posix_spawnattr_t *a) {
  (void)a;
  return 0;
}

static int se2rt_spawn(pid_t *pid, const char *file, int search,
                       const posix_spawn_file_actions_t *fa,
                       const posix_spawnattr_t *attr, char *const argv[],
                       char *const envp[]) {
  if ((fa && fa->__used) || (attr && attr->__flags))
    return ENOSYS;
  if (!search || strchr(file, '/')) {
    if (access(file, X_OK) != 0)
      return errno;
  }
  pid_t p = fork();
  if (p < 0)
    return errno;
  if (p == 0) {
    if (search)
      execvpe(file, argv, envp ? envp : environ);
    else
      execve(file, argv, envp ? envp : environ);
    _exit(127);
  }
  if (pid)
    *pid = p;
  return 0;
}

SE2_WEAK int posix_spawn(pid_t *pid, const char *path,
                         const posix_spawn_file_actions_t *fa,
                         const posix_spawnattr_t *attr, char *const argv[],
                         char *const envp[]) {
  return se2rt_spawn(pid, path, 0, fa, attr, argv, envp);
}

SE2_WEAK int posix_spawnp(pid_t *pid, const char *file,
                          const posix_spawn_file_actions_t *fa,
                          const posix_spawnattr_t *attr, char *const argv[],
                          char *const envp[]) {
  return se2rt_spawn(pid, file, 1, fa, attr, argv, envp);
}

/* ---- scatter/gather I/O ---------------------------------------------------- */
/* Over read and write, so that the path's descriptors (its captured
 * standard streams among them) are the ones used. */

#include <sys/uio.h>

/* Each buffer in turn, stopping at a short transfer; the bytes moved, or
 * -1 when the first transfer fails. */
static ssize_t se2rt_iov(int fd, const struct iovec *iov, int n, int out) {
  ssize_t total = 0;
  for (int i = 0; i < n; i++) {
    ssize_t k = out ? write(fd, iov[i].iov_base, iov[i].iov_len)
                    : read(fd, iov[i].iov_base, iov[i].iov_len);
    if (k < 0)
      return total ? total : -1;
    total += k;
    if ((size_t)k < iov[i].iov_len)
      break;
  }
  return total;
}

SE2_WEAK ssize_t writev(int fd, const struct iovec *iov, int n) {
  return se2rt_iov(fd, iov, n, 1);
}

SE2_WEAK ssize_t readv(int fd, const struct iovec *iov, int n) {
  return se2rt_iov(fd, iov, n, 0);
}

/* ---- temporary files ------------------------------------------------------ */
/* Through the VM's open and mkdir, so the descriptor is the path's and the
 * host-write policy applies. The six X's become letters from a counter
 * mixed with the time (no host randomness). */

#include <time.h>

static unsigned long se2rt_tmp_counter;

static int se2rt_fill_template(char *t, size_t suffix) {
  size_t n = strlen(t);
  if (n < 6 + suffix || memcmp(t + n - 6 - suffix, "XXXXXX", 6) != 0) {
    errno = EINVAL;
    return -1;
  }
  static const char letters[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  unsigned long v = ++se2rt_tmp_counter * 7919u + (unsigned long)time(NULL);
  char *x = t + n - 6 - suffix;
  for (int i = 0; i < 6; i++, v /= 62)
    x[i] = letters[v % 62];
  return 0;
}

static int se2rt_mkstemp(char *t, int suffix, int flags) {
  for (int tries = 0; tries < 1000; tries++) {
    if (se2rt_fill_template(t, (size_t)suffix) != 0)
      return -1;
    int fd = open(t, O_RDWR | O_CREAT | O_EXCL | (flags & ~O_ACCMODE), 0600);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  errno = EEXIST;
  return -1;
}

SE2_WEAK int mkstemp(char *t) { return se2rt_mkstemp(t, 0, 0); }
SE2_WEAK int mkostemp(char *t, int flags) { return se2rt_mkstemp(t, 0, flags); }
SE2_WEAK int mkstemps(char *t, int suffix) { return se2rt_mkstemp(t, suffix, 0); }
SE2_WEAK int mkostemps(char *t, int suffix, int flags) {
  return se2rt_mkstemp(t, suffix, flags);
}

SE2_WEAK char *mkdtemp(char *t) {
  for (int tries = 0; tries < 1000; tries++) {
    if (se2rt_fill_template(t, 0) != 0)
      return NULL;
    if (mkdir(t, 0700) == 0)
      return t;
    if (errno != EEXIST)
      return NULL;
  }
  return NULL;
}
