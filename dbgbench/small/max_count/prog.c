#include <stdio.h>
#include <stdlib.h>

/* Prints the numbers on stdin greater than argv[2], at most argv[1] of
 * them (as grep -m), then how many were read. */
int main(int argc, char **argv) {
    if (argc < 3)
        return 2;
    int max = atoi(argv[1]), t = atoi(argv[2]);
    int x, printed = 0, read = 0;
    while (scanf("%d", &x) == 1) {
        if (printed > max)
            break;
        read++;
        if (x > t) {
            printf("%d\n", x);
            printed++;
        }
    }
    printf("%d read\n", read);
    return printed == 0;
}
