/* hostcall.c — the one native (not bitcode) C file of klee-ext: a host
 * function call that cannot take the tool down.
 *
 * A host library function called on the program's behalf may follow a bad
 * pointer (a function address of the VM, an object the program freed) or
 * abort. se2_host_call runs the call under handlers for SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE and SIGABRT (on an alternate stack, so a fault on an
 * exhausted stack is caught too) and returns the signal number instead of
 * dying, by siglongjmp out of the handler (as KLEE's external dispatcher
 * does). A signal raised while no host call is running goes to the handler
 * that was installed before ours (Rust's stack-overflow report), or to the
 * default action.
 *
 * The program's errno is set on the host before the call and read back
 * after it, so errno after a host call is the program's errno. */
#include <errno.h>
#include <ffi.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const int se2_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
#define SE2_NSIG (int)(sizeof se2_signals / sizeof se2_signals[0])

static struct sigaction se2_previous[SE2_NSIG];
static __thread sigjmp_buf se2_jmp;
static __thread volatile sig_atomic_t se2_active;
static __thread volatile sig_atomic_t se2_caught;
static int se2_installed;
static __thread int se2_stack_ready;

static void se2_handler(int sig, siginfo_t *info, void *uc) {
  if (se2_active) {
    se2_active = 0;
    se2_caught = sig;
    siglongjmp(se2_jmp, 1);
  }
  for (int i = 0; i < SE2_NSIG; i++) {
    if (se2_signals[i] != sig)
      continue;
    struct sigaction *p = &se2_previous[i];
    if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
      p->sa_sigaction(sig, info, uc);
      return;
    }
    if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
      p->sa_handler(sig);
      return;
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Handlers are process-wide (installed once; the caller serializes host
 * calls); the alternate stack is per thread. */
static void se2_install(void) {
  if (!se2_stack_ready) {
    se2_stack_ready = 1;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    if (sigaltstack(NULL, &ss) != 0 || (ss.ss_flags & SS_DISABLE)) {
      size_t size = 1 << 16;
      ss.ss_sp = malloc(size);
      ss.ss_size = size;
      ss.ss_flags = 0;
      if (ss.ss_sp)
        sigaltstack(&ss, NULL);
    }
  }
  if (se2_installed)
    return;
  se2_installed = 1;
  for (int i = 0; i < SE2_NSIG; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = se2_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(se2_signals[i], &sa, &se2_previous[i]);
  }
}

/* Calls fn through cif with args, storing the result at ret. *errno_io is
 * the program's errno before the call and after it. Returns 0, or the
 * signal that ended the call. */
int se2_host_call(ffi_cif *cif, void (*fn)(void), void *ret, void **args,
                  int *errno_io) {
  se2_install();
  se2_caught = 0;
  if (sigsetjmp(se2_jmp, 1) != 0)
    return se2_caught ? se2_caught : SIGSEGV;
  errno = *errno_io;
  se2_active = 1;
  ffi_call(cif, fn, ret, args);
  se2_active = 0;
  *errno_io = errno;
  return 0;
}

/* strnlen(p, max) on host memory the program named, or -1 if reading it
 * faults (a garbage pointer in tzname[] or tm_zone). */
long se2_host_strnlen(const char *p, unsigned long max) {
  se2_install();
  se2_caught = 0;
  if (sigsetjmp(se2_jmp, 1) != 0)
    return -1;
  se2_active = 1;
  long n = (long)strnlen(p, max);
  se2_active = 0;
  return n;
}
