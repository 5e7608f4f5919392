// Regression (found by adversarial testing): write(2) on fd 1 goes to the host's stdout via FFI, bypassing the VM's stdout buffer (wrong order, missing from testN.stdout)
#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("a\n");
    fflush(stdout);
    write(1, "b\n", 2);
    printf("c\n");
    return 0;
}
