// Regression (found by adversarial testing): stdout is modelled as flushed after every call; natively it is fully buffered (pipe/file), so raw write(1) output overtakes earlier printf output (same root as unflushed_stdout_on_exit)
#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("a\n");            /* stays in stdio's buffer natively (stdout is a pipe/file) */
    write(1, "b\n", 2);       /* goes out first natively */
    printf("c\n");
    return 0;
}
