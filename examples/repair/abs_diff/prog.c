/* floors: reads the elevator's current floor and the requested floor from
 * stdin and prints how many floors the elevator has to travel. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int a;
    int b;
    int d;

    if (scanf("%d %d", &a, &b) != 2) {
        printf("bad input\n");
        return 0;
    }

    d = a - b;

    if (d == 0)
        printf("already there\n");
    else
        printf("travel %d floors\n", d);
    return 0;
}
