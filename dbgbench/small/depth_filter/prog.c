#include <stdio.h>
#include <stdlib.h>

/* Reads entries "DEPTH NAME" from stdin and prints the names of those at
 * most argv[1] levels deep (as find -maxdepth), then how many it showed. */
int main(int argc, char **argv) {
    int maxdepth = argc > 1 ? atoi(argv[1]) : 1000;
    int depth, shown = 0;
    char name[64];
    while (scanf("%d %63s", &depth, name) == 2) {
        if (depth < maxdepth) {
            printf("%s\n", name);
            shown++;
        }
    }
    printf("%d shown\n", shown);
    return 0;
}
