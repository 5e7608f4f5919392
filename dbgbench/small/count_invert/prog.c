#include <stdio.h>
#include <string.h>

/* Counts the lines of stdin that contain the character argv[1][0]; with
 * "-v" as argv[2], the lines that do not (as grep -c [-v]). The exit
 * status is 0 when some line was counted, 1 otherwise. */
int main(int argc, char **argv) {
    if (argc < 2 || argv[1][0] == 0)
        return 2;
    int invert = argc > 2 && strcmp(argv[2], "-v") == 0;
    int want = argv[1][0];
    int count = 0, found = 0, c;
    while ((c = getchar()) != EOF) {
        if (c == want)
            found = 1;
        if (c == '\n') {
            if (found)
                count++;
            found = 0;
        }
    }
    printf("%d\n", count);
    return count > 0 ? 0 : 1;
}
