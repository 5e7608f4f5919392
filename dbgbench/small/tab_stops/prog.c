#include <stdio.h>
#include <stdlib.h>

/* Expands tabs to spaces with tab stops every argv[1] columns (as expand
 * -t N) and prints the widest line's width last. */
int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 8;
    if (width <= 0)
        return 2;
    int c, col = 0, widest = 0;
    while ((c = getchar()) != EOF) {
        if (c == '\t') {
            int next = width;
            while (col < next) {
                putchar(' ');
                col++;
            }
        } else if (c == '\n') {
            putchar(c);
            col = 0;
        } else {
            putchar(c);
            col++;
        }
        if (col > widest)
            widest = col;
    }
    printf("%d\n", widest);
    return 0;
}
