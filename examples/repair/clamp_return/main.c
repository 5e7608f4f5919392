/* volume: reads LO HI and then requested volume levels; prints each level
 * limited to LO..HI. */
#include <stdio.h>
#include "clamp.h"

int main(void)
{
    int lo, hi, v;

    if (scanf("%d %d", &lo, &hi) != 2)
        return 1;
    while (scanf("%d", &v) == 1)
        printf("%d -> %d\n", v, clamp(v, lo, hi));
    return 0;
}
