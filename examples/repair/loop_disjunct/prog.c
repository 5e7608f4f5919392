/* deviations: reads temperature deviations (in tenths of a degree) from
 * stdin and counts the readings that are out of tolerance, i.e. more than
 * 10 above or below the set point. Also prints the largest deviation. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int reading;
    int readings = 0;
    int alarms = 0;
    int worst = 0;

    while (scanf("%d", &reading) == 1) {
        readings = readings + 1;
        if (reading > 10)
            alarms = alarms + 1;
        if (reading > worst || -reading > worst)
            worst = reading < 0 ? -reading : reading;
    }

    printf("readings: %d\n", readings);
    printf("alarms: %d\n", alarms);
    printf("worst: %d\n", worst);
    return 0;
}
