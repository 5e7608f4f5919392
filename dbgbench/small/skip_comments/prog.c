#include <stdio.h>

/* Copies stdin to stdout without comment lines (lines whose first
 * character is '#'). */
int main(void) {
    int c, col = 0, skip = 0;
    while ((c = getchar()) != EOF) {
        if (c == '#')
            skip = 1;
        if (!skip)
            putchar(c);
        col++;
        if (c == '\n') {
            col = 0;
            skip = 0;
        }
    }
    return 0;
}
