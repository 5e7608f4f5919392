/* billing: reads a daily cap followed by daily data usages (in MB) from
 * stdin. Each day is billed at most the cap. Prints the billed amount per
 * day and the total. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int total = 0;
    int days = 0;
    int billed;
    int usage;
    int cap;

    if (scanf("%d", &cap) != 1) {
        printf("no cap given\n");
        return 0;
    }

    while (scanf("%d", &usage) == 1) {
        billed = usage;
        total = total + billed;
        days = days + 1;
        printf("day %d: %d\n", days, billed);
    }

    printf("total: %d\n", total);
    return 0;
}
