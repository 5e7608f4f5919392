/* balance_signs: reads account balance changes from stdin and counts how
 * many are non-negative (no loss) and how many are negative (loss). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int x;
    int nonneg = 0;
    int neg = 0;

    while (scanf("%d", &x) == 1) {
        if (x > 0)
            nonneg++;
        else
            neg++;
    }

    printf("non-negative: %d\n", nonneg);
    printf("negative: %d\n", neg);
    return 0;
}
