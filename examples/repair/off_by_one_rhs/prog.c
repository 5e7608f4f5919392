/* pages: prints how many pages are in the inclusive page range LO..HI and
 * how many sheets of paper are needed to print them double-sided.
 * An empty range (HI < LO) needs nothing. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int lo;
    int hi;
    int count;
    int sheets;

    if (argc < 3) {
        printf("usage: %s LO HI\n", argv[0]);
        return 1;
    }
    lo = atoi(argv[1]);
    hi = atoi(argv[2]);

    count = hi - lo;
    if (count < 0)
        count = 0;
    sheets = (count + 1) / 2;

    printf("pages: %d\n", count);
    printf("sheets: %d\n", sheets);
    return 0;
}
