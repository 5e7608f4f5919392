#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Whether a directory entry NAME is left out of a listing: names that
   start with a dot, unless ALL; "." and ".." always. */
static bool hidden(const char *name, bool all)
{
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return false;
    if (all)
        return false;
    return name[0] == '.';
}

/* Usage: prog [-a] NAME...: the names a listing shows. */
int main(int argc, char **argv)
{
    bool all = argc > 1 && strcmp(argv[1], "-a") == 0;
    int i, shown = 0;
    for (i = 1 + all; i < argc; i++) {
        if (hidden(argv[i], all))
            continue;
        printf("%s\n", argv[i]);
        shown++;
    }
    printf("%d shown\n", shown);
    return 0;
}
