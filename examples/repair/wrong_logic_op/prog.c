/* thermostat: reads the comfort range LO HI and then temperatures; prints
 * "alarm" for each temperature outside the range and "ok" otherwise. */
#include <stdio.h>

int main(void)
{
    int lo, hi, t;
    int alarms = 0;

    if (scanf("%d %d", &lo, &hi) != 2)
        return 1;
    while (scanf("%d", &t) == 1) {
        if (t < lo && t > hi) {
            printf("%d: alarm\n", t);
            alarms++;
        } else {
            printf("%d: ok\n", t);
        }
    }
    printf("alarms: %d\n", alarms);
    return 0;
}
