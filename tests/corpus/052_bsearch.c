// bsearch over ints, strings and structs (keyed lookup table); hits and misses.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *k, const void *e) { int a = *(const int *)k, b = *(const int *)e; return (a > b) - (a < b); }
struct kw { const char *name; int token; };
static const struct kw keywords[] = {
    {"break", 1}, {"case", 2}, {"char", 3}, {"const", 4}, {"continue", 5}, {"default", 6}, {"do", 7},
    {"double", 8}, {"else", 9}, {"enum", 10}, {"for", 11}, {"goto", 12}, {"if", 13}, {"int", 14},
    {"long", 15}, {"return", 16}, {"sizeof", 17}, {"static", 18}, {"struct", 19}, {"switch", 20},
    {"while", 21},
};
static int cmp_kw(const void *k, const void *e) { return strcmp((const char *)k, ((const struct kw *)e)->name); }
static int cmp_strp(const void *k, const void *e) { return strcmp(*(const char *const *)k, *(const char *const *)e); }

int main(void) {
    int primes[50], np = 0;
    for (int c = 2; np < 50; c++) {
        int ok = 1;
        for (int d = 2; d * d <= c; d++) if (c % d == 0) { ok = 0; break; }
        if (ok) primes[np++] = c;
    }
    int hits = 0;
    for (int q = 0; q <= 230; q++) {
        int *r = bsearch(&q, primes, (size_t)np, sizeof primes[0], cmp_int);
        if (r) { hits++; if (q > 200) printf("prime %d at index %td\n", q, r - primes); }
    }
    printf("hits %d\n", hits);
    const char *src = "int main ( ) { for ( x ) if y else return z ; while do goto foo struct bar }";
    char buf[128];
    strcpy(buf, src);
    int kwsum = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        const struct kw *k = bsearch(t, keywords, sizeof keywords / sizeof keywords[0], sizeof keywords[0], cmp_kw);
        if (k) { printf("%s=%d ", k->name, k->token); kwsum += k->token; }
    }
    printf("\nkeyword token sum %d\n", kwsum);
    const char *sorted[] = {"ant", "bee", "cat", "dog", "eel", "fox", "gnu"};
    const char *queries[] = {"ant", "gnu", "cow", "dog", "zebra", "aardvark"};
    for (int i = 0; i < 6; i++) {
        const char **r = bsearch(&queries[i], sorted, 7, sizeof sorted[0], cmp_strp);
        printf("%s -> %td\n", queries[i], r ? r - sorted : -1);
    }
    int empty_key = 3;
    printf("empty array: %d\n", bsearch(&empty_key, primes, 0, sizeof(int), cmp_int) == NULL);
    return 0;
}
