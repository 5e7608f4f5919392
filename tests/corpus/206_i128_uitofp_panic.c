// Regression (found by adversarial testing): uitofp/sitofp i128 -> double: PANIC 'entered unreachable code: aggregates and wide integers are stored by the executor' (memory.rs:227) when the result is stored/passed
#include <stdio.h>
int main(void) {
    volatile unsigned long long a = 1ULL << 63;
    unsigned __int128 p = (unsigned __int128)a * 4;
    double d = (double)p;
    printf("%a\n", d);
    return 0;
}
