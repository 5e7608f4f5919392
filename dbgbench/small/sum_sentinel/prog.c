#include <stdio.h>

/* Adds up the numbers on stdin up to a terminating 0 and prints the count
 * and the sum. */
int main(void) {
    int x, sum = 0, n = 0;
    while (scanf("%d", &x) == 1) {
        if (x <= 0)
            break;
        sum += x;
        n++;
    }
    printf("%d numbers, sum %d\n", n, sum);
    return 0;
}
