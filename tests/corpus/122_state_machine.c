// STDIN: /* c1 */ int x = 3; // tail\n"str /* not */ \"q\"" y/z; /** multi\nline **/ 'c' '\'' end\n
// A goto-driven state machine that strips C comments from stdin read with getchar until EOF, tracking strings, char literals and escapes; counts per state.
#include <stdio.h>

int main(void) {
    int c, counts[6] = {0}, lines = 1;
    long out = 0;
code:
    counts[0]++;
    c = getchar();
    if (c == EOF) goto done;
    if (c == '/') goto slash;
    if (c == '"') { putchar(c); out++; goto string; }
    if (c == '\'') { putchar(c); out++; goto chr; }
    if (c == '\n') lines++;
    putchar(c); out++;
    goto code;
slash:
    counts[1]++;
    c = getchar();
    if (c == '*') goto block;
    if (c == '/') goto line;
    putchar('/'); out++;
    if (c == EOF) goto done;
    putchar(c); out++;
    goto code;
block:
    counts[2]++;
    c = getchar();
    if (c == EOF) goto done;
    if (c == '\n') lines++;
    if (c != '*') goto block;
star:
    c = getchar();
    if (c == '/') { putchar(' '); out++; goto code; }
    if (c == '*') goto star;
    if (c == EOF) goto done;
    goto block;
line:
    counts[3]++;
    c = getchar();
    if (c == EOF) goto done;
    if (c != '\n') goto line;
    lines++;
    putchar('\n'); out++;
    goto code;
string:
    counts[4]++;
    c = getchar();
    if (c == EOF) goto done;
    putchar(c); out++;
    if (c == '\\') { c = getchar(); if (c == EOF) goto done; putchar(c); out++; goto string; }
    if (c == '"') goto code;
    goto string;
chr:
    counts[5]++;
    c = getchar();
    if (c == EOF) goto done;
    putchar(c); out++;
    if (c == '\\') { c = getchar(); if (c == EOF) goto done; putchar(c); out++; goto chr; }
    if (c == '\'') goto code;
    goto chr;
done:
    printf("\n[out=%ld lines=%d", out, lines);
    for (int i = 0; i < 6; i++) printf(" s%d=%d", i, counts[i]);
    printf("]\n");
    return 0;
}
