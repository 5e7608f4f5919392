// exit() called from deep inside nested calls while stdout still holds unflushed output; atexit handlers run.
#include <stdio.h>
#include <stdlib.h>

static int depth_reached;
static void on_exit_a(void) { printf("[atexit A] depth %d\n", depth_reached); }
static void on_exit_b(void) { printf("[atexit B] runs first\n"); }

static void check(int level, int value) {
    depth_reached = level;
    if (value > 1000) {
        printf("value %d exceeded limit at level %d -- exiting", value, level);
        exit(17);
    }
}
static int descend(int level, int value) {
    printf("level %d value %d\n", level, value);
    check(level, value);
    int r = descend(level + 1, value * 3 + level);
    printf("never printed %d\n", r);
    return r;
}

int main(void) {
    atexit(on_exit_a);
    atexit(on_exit_b);
    printf("partial line without newline... ");
    printf("then more\n");
    int r = descend(0, 5);
    printf("unreachable %d\n", r);
    return 0;
}
