/* two_rounds: reads n and then the n scores of round 1 and the n scores of
 * round 2. Prints the best score of each round. */
#include <stdio.h>

int main(void)
{
    int n, j;
    int r1[100];
    int r2[100];
    int maxr1, maxr2;

    if (scanf("%d", &n) != 1 || n < 1 || n > 100)
        return 1;
    for (j = 0; j < n; j++)
        scanf("%d", &r1[j]);
    for (j = 0; j < n; j++)
        scanf("%d", &r2[j]);

    maxr1 = r1[0];
    maxr2 = r2[0];
    for (j = 1; j < n; j++) {
        if (r1[j] > maxr1)
            maxr1 = r2[j];
        if (r2[j] > maxr2)
            maxr2 = r2[j];
    }
    printf("round 1: %d\n", maxr1);
    printf("round 2: %d\n", maxr2);
    return 0;
}
