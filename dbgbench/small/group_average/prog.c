#include <stdio.h>

/* Reads groups of numbers separated by "|" and prints each group's
 * average (integer division); empty groups are skipped. */
int main(void) {
    char tok[32];
    int sum = 0, count = 0, groups = 0;
    while (scanf("%31s", tok) == 1) {
        if (tok[0] == '|') {
            printf("%d\n", sum / count);
            groups++;
            sum = count = 0;
            continue;
        }
        int v = 0, neg = tok[0] == '-';
        for (char *p = tok + neg; *p >= '0' && *p <= '9'; p++)
            v = 10 * v + (*p - '0');
        sum += neg ? -v : v;
        count++;
    }
    printf("%d groups\n", groups);
    return 0;
}
