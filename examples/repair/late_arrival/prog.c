/* Marks each arrival against the start of a shift: an arrival at the
 * start itself or after it is late. Each line is "HOURS MINUTES START",
 * START in minutes after midnight. */
#include <stdio.h>

int main(void)
{
    int h, m, start;
    int late = 0, total = 0;

    while (scanf("%d %d %d", &h, &m, &start) == 3) {
        total++;
        if (h * 60 + m > start) {
            printf("%02d:%02d late\n", h, m);
            late++;
        } else {
            printf("%02d:%02d on time\n", h, m);
        }
    }
    printf("%d of %d late\n", late, total);
    return 0;
}
