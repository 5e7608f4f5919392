#include <stdio.h>

/* Reads non-negative numbers; prints each with the sum of its digits,
   as "N: SUM". */
int main(void)
{
    long n;
    while (scanf("%ld", &n) == 1) {
        long sum = 0;
        while (n > 0) {
            sum += n % 10;
            n /= 10;
        }
        printf("%ld: %ld\n", n, sum);
    }
    return 0;
}
