#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether NAME is one of the comma-separated names of LIST. */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p = list;
    while (*p) {
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return 1;
        p = strchr(p, ',');
        if (!p)
            return 0;
        p++;
    }
    return 0;
}

/* Usage: prog NAME ONLY [SKIP]: keeps NAME if the comma-separated list
   ONLY names it ("*": every name) and the list SKIP does not. */
int main(int argc, char **argv)
{
    const char *only, *excluded;
    int skip = 0;
    if (argc < 3)
        return 2;
    only = strcmp(argv[2], "*") != 0 ? argv[2] : NULL;
    excluded = argc > 3 ? argv[3] : NULL;
    if (only && !listed(only, argv[1]))
        skip = 1;
    if (excluded && !listed(excluded, argv[1]))
        skip = 1;
    printf("%s: %s\n", argv[1], skip ? "skipped" : "kept");
    return 0;
}
