/* Sorts parcels by weight into small (under 5 kg), medium (5 to 9 kg)
 * and large (10 kg and more), one weight per number on stdin. */
#include <stdio.h>

static int size_class(int kg)
{
    if (kg > 10)
        return 2;
    if (kg > 5)
        return 1;
    return 0;
}

int main(void)
{
    int small = 0, medium = 0, large = 0;
    int kg;
    while (scanf("%d", &kg) == 1) {
        int c = size_class(kg);
        if (c == 2)
            large++;
        else if (c == 1)
            medium++;
        else
            small++;
    }
    printf("small %d medium %d large %d\n", small, medium, large);
    return 0;
}
