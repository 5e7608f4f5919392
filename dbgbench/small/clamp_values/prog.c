#include <stdio.h>
#include <stdlib.h>

/* Clamps each number on stdin to [argv[1], argv[2]], prints it, and
 * prints the total of the clamped numbers. */
int main(int argc, char **argv) {
    if (argc < 3)
        return 2;
    int lo = atoi(argv[1]), hi = atoi(argv[2]);
    int v, total = 0;
    while (scanf("%d", &v) == 1) {
        if (v < lo)
            v = lo;
        if (v > hi)
            v = lo;
        printf("%d\n", v);
        total += v;
    }
    printf("total %d\n", total);
    return 0;
}
