#include <stdio.h>
#include <string.h>

/* Display width of S with tabs expanded to the next multiple of STOP. */
static int expanded_width(const char *s, int stop)
{
    int w = 0;
    for (; *s; s++)
        w = *s == '\t' ? (w / stop + 1) * stop : w + 1;
    return w;
}

/* Usage: prog [-t] WORD...: each word with its width; with -t, tabs
   count to the next multiple of 8 columns, else as one character. */
int main(int argc, char **argv)
{
    int tabs = argc > 1 && strcmp(argv[1], "-t") == 0;
    int i, total = 0;
    for (i = 1 + tabs; i < argc; i++) {
        int w;
        w = tabs ? (int) strlen(argv[i]) : expanded_width(argv[i], 8);
        total += w;
        printf("%s: %d\n", argv[i], w);
    }
    printf("total: %d\n", total);
    return 0;
}
