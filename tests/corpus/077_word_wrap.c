// Text formatting: greedy word wrap, justification with padding, centered titles, column tables.
#include <stdio.h>
#include <string.h>

static const char *text =
    "Symbolic execution explores program paths by treating inputs as symbols rather than concrete values. "
    "Each branch forks the state, and a solver decides which paths are feasible. "
    "Repair tools then search for patches that make failing paths pass.";

static void center(const char *s, int width) {
    int len = (int)strlen(s), pad = (width - len) / 2;
    printf("|%*s%s%*s|\n", pad, "", s, width - len - pad, "");
}

static void wrap(int width, int justify) {
    const char *words[64];
    int lens[64], n = 0;
    char buf[512];
    strcpy(buf, text);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) { words[n] = w; lens[n] = (int)strlen(w); n++; }
    int i = 0, lines = 0;
    while (i < n) {
        int j = i, len = lens[i];
        while (j + 1 < n && len + 1 + lens[j + 1] <= width) { j++; len += 1 + lens[j]; }
        int gaps = j - i, extra = width - len;
        printf("|");
        for (int k = i; k <= j; k++) {
            printf("%s", words[k]);
            if (k < j) {
                int sp = 1;
                if (justify && j + 1 < n) sp += extra / gaps + (k - i < extra % gaps);
                printf("%*s", sp, "");
            }
        }
        int printed = justify && j + 1 < n && gaps ? width : len;
        printf("%*s|\n", width - printed, "");
        lines++;
        i = j + 1;
    }
    printf("(%d lines at width %d)\n", lines, width);
}

int main(void) {
    center("WRAPPED", 40);
    wrap(40, 0);
    center("JUSTIFIED", 40);
    wrap(40, 1);
    wrap(25, 1);
    const char *names[] = {"alpha", "beta", "gamma", "delta"};
    double vals[] = {1.5, -22.25, 333.125, 0.0625};
    printf("+--------+------------+-------+\n");
    for (int k = 0; k < 4; k++) printf("| %-6s | %10.3f | %5d |\n", names[k], vals[k], (int)strlen(names[k]) * (k + 1));
    printf("+--------+------------+-------+\n");
    return 0;
}
