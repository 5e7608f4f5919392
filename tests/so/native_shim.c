/* Native stand-ins for the engine's first-order intrinsics, used when a
   program is compiled with a path's .so.c file: klee_make_symbolic takes
   the path's test-case objects from SE2_OBJ0, SE2_OBJ1, ... (hex). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static int next_obj;

void klee_make_symbolic(void *addr, size_t size, const char *name) {
    char var[32];
    snprintf(var, sizeof var, "SE2_OBJ%d", next_obj++);
    const char *hex = getenv(var);
    (void)name;
    memset(addr, 0, size);
    for (size_t i = 0; hex && hex[2 * i] && hex[2 * i + 1] && i < size; i++) {
        unsigned b;
        sscanf(hex + 2 * i, "%2x", &b);
        ((unsigned char *)addr)[i] = (unsigned char)b;
    }
}

void klee_assume(uintptr_t cond) {
    if (!cond) {
        fprintf(stderr, "native replay: klee_assume failed\n");
        exit(3);
    }
}
