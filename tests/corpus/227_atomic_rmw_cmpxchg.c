// Regression (found by adversarial testing): atomicrmw and cmpxchg instructions (C11 stdatomic, __sync_*, __atomic_*) are unsupported, even in single-threaded programs
#include <stdio.h>
#include <stdatomic.h>
static _Atomic int counter = 5;
int main(void) {
    atomic_fetch_add(&counter, 3);                       /* atomicrmw add */
    int expected = 8;
    int ok = atomic_compare_exchange_strong(&counter, &expected, 20);   /* cmpxchg */
    printf("%d %d\n", atomic_load(&counter), ok);
    return 0;
}
