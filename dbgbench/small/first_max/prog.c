#include <stdio.h>

/* Prints the position (from 1) of the largest number on stdin and the
 * number; among equal largest numbers, the first. */
int main(void) {
    int x, best = 0, at = 0, pos = 0;
    while (scanf("%d", &x) == 1) {
        pos++;
        if (at == 0 || x >= best) {
            best = x;
            at = pos;
        }
    }
    if (at == 0)
        return 1;
    printf("%d %d\n", at, best);
    return 0;
}
