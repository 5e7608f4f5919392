/* fork, exec and waitpid: the child runs on the host; its output joins
 * the parent's, and the parent sees its status. */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void report(pid_t pid) {
  int status = 0;
  pid_t got = waitpid(pid, &status, 0);
  if (got != pid)
    printf("waitpid failed\n");
  else if (WIFEXITED(status))
    printf("exited %d\n", WEXITSTATUS(status));
  else
    printf("signalled %d\n", WTERMSIG(status));
}

int main(void) {
  printf("start\n");
  fflush(stdout);
  pid_t p = fork();
  if (p == 0) {
    execlp("echo", "echo", "hello from echo", (char *)0);
    _exit(127);
  }
  report(p);
  p = fork();
  if (p == 0)
    _exit(3);
  report(p);
  p = fork();
  if (p == 0) {
    char *argv[] = {"sh", "-c", "echo on stderr >&2; exit 7", 0};
    execvp("sh", argv);
    _exit(127);
  }
  report(p);
  p = fork();
  if (p == 0) {
    char *argv[] = {"no-such-program-anywhere", 0};
    execvp(argv[0], argv);
    printf("exec failed in the child\n");
    fflush(stdout);
    _exit(126);
  }
  report(p);
  fflush(stdout);
  char *sargv[] = {"sh", "-c", "echo spawned; exit 5", 0};
  pid_t sp;
  int e = posix_spawnp(&sp, "sh", 0, 0, sargv, environ);
  printf("posix_spawnp %d\n", e);
  if (e == 0)
    report(sp);
  printf("spawn missing %d\n", posix_spawn(&sp, "/no/such/program", 0, 0, sargv, environ));
  int st;
  printf("no more children: %d\n", wait(&st));
  return 0;
}
