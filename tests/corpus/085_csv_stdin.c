// STDIN: city,pop,area\nOslo,709037,454.0\nBergen,289330,465.3\nTrondheim,212660,342.3\nbad line\nStavanger,146011,262.5\n\nTromso,77544,2521.0
// CSV processing from stdin with fgets + strtok-free field splitting + strtod; per-row and aggregate output.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct row { char name[24]; long pop; double area; };

static int split(char *line, char **fields, int max) {
    int n = 0;
    char *p = line;
    while (n < max) {
        fields[n++] = p;
        char *c = strchr(p, ',');
        if (!c) break;
        *c = 0;
        p = c + 1;
    }
    return n;
}

int main(void) {
    char line[128];
    struct row rows[16];
    int nrows = 0, lineno = 0, skipped = 0;
    char *hdr[8];
    int ncols = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        lineno++;
        char *f[8];
        int n = split(line, f, 8);
        if (lineno == 1) { ncols = n; for (int i = 0; i < n; i++) hdr[i] = strdup(f[i]); continue; }
        if (n != ncols) { printf("line %d: expected %d fields, got %d ('%s')\n", lineno, ncols, n, line); skipped++; continue; }
        char *end;
        struct row *r = &rows[nrows];
        snprintf(r->name, sizeof r->name, "%s", f[0]);
        r->pop = strtol(f[1], &end, 10);
        r->area = strtod(f[2], &end);
        printf("%-10s %s=%8ld %s=%8.1f density %9.2f\n", r->name, hdr[1], r->pop, hdr[2], r->area, r->pop / r->area);
        nrows++;
    }
    long total = 0;
    double area = 0;
    int densest = 0;
    for (int i = 0; i < nrows; i++) {
        total += rows[i].pop; area += rows[i].area;
        if (rows[i].pop / rows[i].area > rows[densest].pop / rows[densest].area) densest = i;
    }
    printf("rows %d skipped %d lines %d\n", nrows, skipped, lineno);
    printf("total pop %ld area %.1f overall density %.3f densest %s\n", total, area, total / area, rows[densest].name);
    for (int i = 0; i < ncols; i++) free(hdr[i]);
    return 0;
}
