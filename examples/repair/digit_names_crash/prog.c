#include <stdio.h>

static const char *names[11] = {
    "zero", "one", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", 0
};

/* Prints the English name of every digit read, or `?` for a number that
 * is not a digit. */
int main(void)
{
    int d;

    while (scanf("%d", &d) == 1) {
        if (d < 0 || d > 10)
            puts("?");
        else
            puts(names[d]);
    }
    return 0;
}
