/* squares: prints the sum of the squares 1*1 + 2*2 + ... + n*n for each
 * n given on the command line. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int a, i, n, sum;

    for (a = 1; a < argc; a++) {
        n = atoi(argv[a]);
        sum = 0;
        for (i = 1; i < n; i++)
            sum = sum + i * i;
        printf("%d: %d\n", n, sum);
    }
    return 0;
}
