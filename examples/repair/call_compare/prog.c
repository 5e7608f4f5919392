#include <stdio.h>
#include <stdlib.h>

/* Compares two dotted version strings field by field: negative, zero or
   positive as A is older than, the same as or newer than B. */
static int vercmp(const char *a, const char *b)
{
    while (*a || *b) {
        long x = strtol(a, (char **) &a, 10);
        long y = strtol(b, (char **) &b, 10);
        if (x != y)
            return x < y ? -1 : 1;
        if (*a == '.')
            a++;
        if (*b == '.')
            b++;
    }
    return 0;
}

/* Usage: prog INSTALLED AVAILABLE */
int main(int argc, char **argv)
{
    const char *installed, *available;
    if (argc != 3) {
        fprintf(stderr, "usage: prog INSTALLED AVAILABLE\n");
        return 2;
    }
    installed = argv[1];
    available = argv[2];
    if (0 <= vercmp(available, installed))
        printf("%s is up to date\n", installed);
    else
        printf("upgrade %s to %s\n", installed, available);
    printf("newest: %s\n", vercmp(installed, available) >= 0 ? installed : available);
    return 0;
}
