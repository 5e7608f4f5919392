// Regression (found by adversarial testing): stdio flushes on every call; natively a fully-buffered stdout loses pending output on _exit/abort/crash
#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("lost natively: stdout is a fully buffered pipe/file\n");
    _exit(3);
}
