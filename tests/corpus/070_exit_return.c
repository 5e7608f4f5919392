// ARGS: 12 7 x 30
// Validates numeric arguments; reports each and returns 3 (number of the first bad argument) from main.
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>

static int parse_int(const char *s, long *out) {
    char *end;
    if (!*s) return 0;
    *out = strtol(s, &end, 10);
    return *end == '\0';
}
static int validate(int argc, char **argv, long *vals) {
    for (int i = 1; i < argc; i++) {
        if (!parse_int(argv[i], &vals[i - 1])) {
            printf("argument %d ('%s') is not a number\n", i, argv[i]);
            return i;
        }
        printf("argument %d = %ld (%s)\n", i, vals[i - 1], vals[i - 1] % 2 ? "odd" : "even");
    }
    return 0;
}

int main(int argc, char **argv) {
    long vals[16];
    if (argc < 2 || argc > 17) { printf("usage: prog N...\n"); return 64; }
    int bad = validate(argc, argv, vals);
    long sum = 0;
    int good = bad ? bad - 1 : argc - 1;
    for (int i = 0; i < good; i++) sum += vals[i];
    printf("validated %d of %d, partial sum %ld\n", good, argc - 1, sum);
    if (bad) {
        int letters = 0;
        for (const char *p = argv[bad]; *p; p++) letters += isalpha((unsigned char)*p) != 0;
        printf("bad argument has %d letters\n", letters);
        return bad;
    }
    printf("all good\n");
    return 0;
}
