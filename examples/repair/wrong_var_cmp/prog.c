/* speeding: reads a speed limit and then measured speeds; counts the
 * speeds above the limit. */
#include <stdio.h>

int main(void)
{
    int limit;
    int speed;
    int count = 0;
    int seen = 0;

    if (scanf("%d", &limit) != 1)
        return 1;
    while (scanf("%d", &speed) == 1) {
        seen++;
        if (seen > limit)
            count++;
    }
    printf("%d of %d over the limit\n", count, seen);
    return 0;
}
