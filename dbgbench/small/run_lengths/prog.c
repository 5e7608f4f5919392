#include <stdio.h>

/* Prints each run of equal numbers on stdin as "COUNT VALUE" (as uniq -c). */
int main(void) {
    int prev = 0, x, run = 0;
    while (scanf("%d", &x) == 1) {
        if (run > 0 && x == prev) {
            run++;
            continue;
        }
        if (run > 1)
            printf("%d %d\n", run, prev);
        prev = x;
        run = 1;
    }
    if (run > 0)
        printf("%d %d\n", run, prev);
    return 0;
}
