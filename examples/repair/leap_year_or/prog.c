/* february: prints the number of days in February of the given year
 * (Gregorian calendar: every 4th year is a leap year, except centuries,
 * except every 400th year). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int year;
    int by4;
    int by400;
    int days;

    if (argc < 2) {
        printf("usage: %s YEAR\n", argv[0]);
        return 1;
    }
    year = atoi(argv[1]);

    by4 = (year % 4 == 0) && (year % 100 != 0);
    by400 = (year % 400 == 0);

    days = 28;
    if (by4)
        days = 29;

    printf("February %d has %d days\n", year, days);
    if (by400)
        printf("(400-year rule applies)\n");
    return 0;
}
