/* isqrt: prints the integer square root of N (the largest R with
 * R * R <= N), computed by binary search. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n;
    int lo;
    int hi;
    int mid;
    int root = 0;

    if (argc < 2) {
        printf("usage: %s N\n", argv[0]);
        return 1;
    }
    n = atoi(argv[1]);

    lo = 0;
    hi = n;
    while (lo < hi) {
        mid = (lo + hi) / 2;
        if (mid * mid <= n) {
            root = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }

    printf("isqrt(%d) = %d\n", n, root);
    return 0;
}
