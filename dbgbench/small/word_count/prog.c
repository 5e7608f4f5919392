#include <stdio.h>

/* Counts the lines and words of stdin (as wc -l -w); words are separated
 * by spaces, tabs and newlines. */
int main(void) {
    int c, lines = 0, words = 0, inword = 0;
    while ((c = getchar()) != EOF) {
        if (c == '\n') {
            lines++;
            inword = 0;
        } else if (c == ' ') {
            inword = 0;
        } else if (!inword) {
            inword = 1;
            words++;
        }
    }
    printf("%d %d\n", lines, words);
    return 0;
}
