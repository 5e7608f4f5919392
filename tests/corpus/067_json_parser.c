// A JSON-ish recursive-descent parser: objects, arrays, strings with escapes, numbers, true/false/null.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

static const char *p;
static int depth_max, nodes, errors;
static double num_sum;

static void ws(void) { while (isspace((unsigned char)*p)) p++; }
static void indent(int d) { for (int i = 0; i < d; i++) printf("  "); }
static int value(int d);
static int string(char *out, size_t cap) {
    if (*p != '"') return 0;
    p++;
    size_t n = 0;
    while (*p && *p != '"') {
        char c = *p++;
        if (c == '\\') {
            c = *p++;
            switch (c) { case 'n': c = '\n'; break; case 't': c = '\t'; break; case '"': case '\\': case '/': break; default: c = '?'; }
        }
        if (n + 1 < cap) out[n++] = c;
    }
    out[n] = 0;
    if (*p != '"') return 0;
    p++;
    return 1;
}
static int value(int d) {
    ws();
    nodes++;
    if (d > depth_max) depth_max = d;
    if (*p == '{') {
        p++; printf("{\n");
        ws();
        int first = 1;
        while (*p != '}') {
            if (!first) { if (*p != ',') return 0; p++; ws(); }
            char key[32];
            if (!string(key, sizeof key)) return 0;
            ws(); if (*p != ':') return 0; p++;
            indent(d + 1); printf("\"%s\": ", key);
            if (!value(d + 1)) return 0;
            ws(); first = 0;
        }
        p++; indent(d); printf("}\n");
        return 1;
    }
    if (*p == '[') {
        p++; ws();
        int count = 0;
        printf("[\n");
        while (*p != ']') {
            if (count) { if (*p != ',') return 0; p++; }
            indent(d + 1); printf("#%d ", count++);
            if (!value(d + 1)) return 0;
            ws();
        }
        p++; indent(d); printf("] (%d items)\n", count);
        return 1;
    }
    if (*p == '"') { char s[64]; if (!string(s, sizeof s)) return 0; printf("string(%zu) \"%s\"\n", strlen(s), s); return 1; }
    if (*p == '-' || isdigit((unsigned char)*p)) { char *e; double v = strtod(p, &e); p = e; num_sum += v; printf("number %g\n", v); return 1; }
    const char *lits[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) if (!strncmp(p, lits[i], strlen(lits[i]))) { p += strlen(lits[i]); printf("%s\n", lits[i]); return 1; }
    return 0;
}
static void parse(const char *src) {
    p = src; depth_max = nodes = 0; num_sum = 0;
    int ok = value(0);
    ws();
    if (!ok || *p) { errors++; printf("parse error at offset %td\n", p - src); }
    printf("nodes %d depth %d numsum %.3f\n\n", nodes, depth_max, num_sum);
}

int main(void) {
    parse("{\"name\": \"se2repair\", \"version\": 1.5, \"tags\": [\"vm\", \"klee\\\"like\\\"\", \"rust\"],"
          " \"nested\": {\"a\": [1, 2, [3, -4.25e1]], \"b\": null, \"ok\": true, \"no\": false}, \"esc\": \"tab\\there\"}");
    parse("[1, 2, 3, {\"x\": []}, [], \"\"]");
    parse("{\"broken\": [1, 2,}");
    parse("  42  ");
    printf("errors %d\n", errors);
    return errors;
}
