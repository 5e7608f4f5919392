#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of the option at argv[*I]: the next argument, which *I
   moves to. */
static int option_value(int argc, char **argv, int *i)
{
    (*i)++;
    return atoi(argv[*i]);
}

/* Usage: prog [-w WIDTH] [-n COUNT] WORD...: COUNT times each word,
   right-aligned to WIDTH columns. */
int main(int argc, char **argv)
{
    int width = 0, count = 1, i, k;
    for (i = 1; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-w") == 0) {
            width = option_value(argc, argv, &i);
        } else if (strcmp(argv[i], "-n") == 0) {
            count = option_value(argc, argv, &i);
        } else {
            fprintf(stderr, "prog: bad option\n");
            exit(2);
        }
    }
    for (; i < argc; i++)
        for (k = 0; k < count; k++)
            printf("%*s\n", width, argv[i]);
    return 0;
}
