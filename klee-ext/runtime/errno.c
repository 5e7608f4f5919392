/* errno.c — models <errno.h>: the storage behind `errno`.
 *
 * glibc's <errno.h> expands `errno` to (*__errno_location ()); one static
 * int is enough for the VM's single-threaded programs. */
#include "se2_libc.h"

#include <errno.h>

static int se2rt_errno_value;

SE2_WEAK int *__errno_location(void) { return &se2rt_errno_value; }
