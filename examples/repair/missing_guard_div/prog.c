/* average: reads integers from stdin until end of input and prints how
 * many there were, their sum and their (truncated) average. The average of
 * an empty list is reported as 0. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int value;
    int n = 0;
    int sum = 0;
    int avg = 0;

    while (scanf("%d", &value) == 1) {
        sum = sum + value;
        n = n + 1;
    }

    avg = sum / n;

    printf("count: %d\n", n);
    printf("sum: %d\n", sum);
    printf("average: %d\n", avg);
    return 0;
}
