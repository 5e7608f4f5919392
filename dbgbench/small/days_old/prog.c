#include <stdio.h>
#include <stdlib.h>

/* Reads entries "AGE_IN_SECONDS NAME" and prints the names of those whose
 * age in whole days is exactly argv[1] (as find -mtime N). */
int main(int argc, char **argv) {
    if (argc < 2)
        return 2;
    int n = atoi(argv[1]);
    int age, days, matched = 0;
    char name[64];
    while (scanf("%d %63s", &age, name) == 2) {
        days = age / 86400;
        if (days >= n) {
            printf("%s\n", name);
            matched++;
        }
    }
    return matched == 0;
}
