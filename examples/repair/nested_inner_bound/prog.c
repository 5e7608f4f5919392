#include <stdio.h>

/* Reads n and s; prints how many pairs i < j of numbers in 1..n have a
 * sum of at most s. */
int main(void)
{
    int n, s, count = 0;

    if (scanf("%d %d", &n, &s) != 2)
        return 1;
    for (int i = 1; i <= n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (i + j <= s)
                count++;
        }
    }
    printf("%d\n", count);
    return 0;
}
