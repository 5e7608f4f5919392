/* prefix_total: reads K followed by a list of scores (at most 31) from
 * stdin and prints the total of the first K scores. If K is larger than
 * the number of scores, all scores are added up. */
#include <stdio.h>
#include <stdlib.h>

#define MAX_SCORES 32

int main(void)
{
    int scores[MAX_SCORES] = {0};
    int count = 0;
    int k;
    int total = 0;
    int i;

    if (scanf("%d", &k) != 1) {
        printf("total = 0\n");
        return 0;
    }
    while (count < MAX_SCORES - 1 && scanf("%d", &scores[count]) == 1)
        count = count + 1;

    if (k > count)
        k = count;

    for (i = 0; i <= k; i++)
        total = total + scores[i];

    printf("total = %d\n", total);
    return 0;
}
