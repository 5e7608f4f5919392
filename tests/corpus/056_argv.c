// ARGS: -v --count=3 input.txt -n 42 -- -notaflag last
// Command-line processing: flags, --key=value, option with value, "--" terminator; exit code = positionals.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int verbose = 0, count = 1, number = -1;
    const char *positional[16];
    int npos = 0, opts_done = 0;
    printf("argc %d\n", argc);
    for (int i = 1; i < argc; i++) printf("argv[%d] = '%s' (len %zu)\n", i, argv[i], strlen(argv[i]));
    printf("argv[argc] is NULL: %d\n", argv[argc] == NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts_done && strcmp(a, "--") == 0) { opts_done = 1; continue; }
        if (!opts_done && strncmp(a, "--count=", 8) == 0) { count = atoi(a + 8); continue; }
        if (!opts_done && strcmp(a, "-v") == 0) { verbose++; continue; }
        if (!opts_done && strcmp(a, "-n") == 0 && i + 1 < argc) { number = atoi(argv[++i]); continue; }
        if (!opts_done && a[0] == '-' && a[1]) { printf("unknown option %s\n", a); continue; }
        if (npos < 16) positional[npos++] = a;
    }
    printf("verbose=%d count=%d number=%d\n", verbose, count, number);
    for (int i = 0; i < npos; i++)
        for (int c = 0; c < count; c++) printf("pos %d copy %d: %s\n", i, c, positional[i]);
    size_t total = 0;
    for (char **p = argv + 1; *p; p++) total += strlen(*p);
    printf("total arg chars %zu\n", total);
    return npos;
}
