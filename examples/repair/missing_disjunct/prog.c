/* weekend: reads day numbers (0 = Sunday .. 6 = Saturday) and prints
 * whether each is a weekend day, then how many were. */
#include <stdio.h>

int main(void)
{
    int day;
    int weekend = 0;

    while (scanf("%d", &day) == 1) {
        if (day == 6) {
            printf("%d: weekend\n", day);
            weekend++;
        } else {
            printf("%d: workday\n", day);
        }
    }
    printf("weekend days: %d\n", weekend);
    return 0;
}
