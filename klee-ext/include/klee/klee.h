/* klee/klee.h — the intrinsics of the se2repair symbolic VM.
 *
 * Source-compatible with KLEE's header of the same name: a program written
 * for KLEE compiles unchanged. Every function here is implemented inside the
 * VM (klee-ext/src/exec/special.rs); none has a C body. */
#ifndef KLEE_H
#define KLEE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Make the `nbytes` bytes at `addr` symbolic; `name` names the object in
 * .ktest files. */
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);

/* Add `condition` to the path condition; a path on which it cannot hold is
 * ended silently. */
void klee_assume(uintptr_t condition);

/* A symbolic int in [begin, end). */
int klee_range(int begin, int end, const char *name);

/* A fresh symbolic int. */
int klee_int(const char *name);

/* 1 if `n` is symbolic on this path, else 0. */
unsigned klee_is_symbolic(uintptr_t n);

/* End this path without producing a test case. */
__attribute__((noreturn)) void klee_silent_exit(int status);

/* End this path as an error of kind `suffix` (written as test*.SUFFIX.err). */
__attribute__((noreturn)) void klee_report_error(const char *file, int line,
                                                 const char *message,
                                                 const char *suffix);

/* End this path as an `abort` error. */
__attribute__((noreturn)) void klee_abort(void);

/* One feasible concrete value of an expression (no constraint is added). */
char klee_get_value_char(char expr);
int klee_get_value_i32(int32_t expr);
int64_t klee_get_value_i64(int64_t expr);
unsigned klee_get_value_u32(uint32_t expr);
uint64_t klee_get_value_u64(uint64_t expr);
long klee_get_value_long(long expr);
size_t klee_get_valuel(long expr);

/* Print a message on the tool's stderr. */
void klee_warning(const char *message);
void klee_warning_once(const char *message);
void klee_print_expr(const char *message, ...);

/* Pin `expr` to one feasible value on this path and return it. */
uintptr_t klee_concretize(uintptr_t expr);

/* Second-order symbolic variable `name` applied to `args[0..nargs)`: the
 * value of an unknown function chosen from a language of interpretations
 * (see --so-lang). */
int klee_apply_symbolic(const char *name, int nargs, int *args);

/* 1 when the run replays a test (--replay), else 0. */
unsigned klee_is_replay(void);

/* The size of the object `ptr` points into. */
size_t klee_get_obj_size(void *ptr);

/* A memory error unless the `size` bytes at `ptr` lie in one object. */
void klee_check_memory_access(const void *ptr, size_t size);

/* A preference for `cond` when test values are chosen (accepted; the
 * values are the solver's). */
void klee_prefer_cex(void *object, uintptr_t condition);

/* An object of `nbytes` bytes at the fixed address `addr` (the caller
 * keeps such objects apart). */
void klee_define_fixed_object(void *addr, size_t nbytes);

/* The paths that leave klee_open_merge's point are joined into one at the
 * matching klee_close_merge (--use-merge). */
void klee_open_merge(void);
void klee_close_merge(void);

/* 0: later symbolic branches of this path follow one side; 1: fork again. */
void klee_set_forking(unsigned enable);

/* A symbolic value below n; a path with another value ends silently. */
uintptr_t klee_choose(uintptr_t n);

#define klee_assert(expr)                                                      \
  ((expr) ? (void)0                                                            \
          : klee_report_error(__FILE__, __LINE__, "klee_assert(" #expr ")",   \
                              "assert"))

#ifdef __cplusplus
}
#endif

#endif /* KLEE_H */
