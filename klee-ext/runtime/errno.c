/* errno.c — models <errno.h>: the storage behind `errno`.
 *
 * glibc's <errno.h> expands `errno` to (*__errno_location ()); one static
 * int is enough for the VM's single-threaded programs. */
#include "se2_libc.h"

#include <errno.h>

/* The VM sets this (by name) when a function it implements fails. */
SE2_WEAK int __se2_errno;

SE2_WEAK int *__errno_location(void) { return &__se2_errno; }
