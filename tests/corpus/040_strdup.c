// strdup/strndup, string arrays on the heap, splitting and joining with ownership.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **split(const char *s, char sep, int *count) {
    int n = 1;
    for (const char *p = s; *p; p++) n += *p == sep;
    char **parts = malloc((size_t)n * sizeof *parts);
    int k = 0;
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == sep || *p == '\0') {
            parts[k++] = strndup(start, (size_t)(p - start));
            if (!*p) break;
            start = p + 1;
        }
    }
    *count = k;
    return parts;
}
static char *join(char **parts, int n, const char *sep) {
    size_t len = 1;
    for (int i = 0; i < n; i++) len += strlen(parts[i]) + strlen(sep);
    char *out = malloc(len);
    out[0] = 0;
    for (int i = 0; i < n; i++) { if (i) strcat(out, sep); strcat(out, parts[i]); }
    return out;
}
static char *upper_dup(const char *s) {
    char *d = strdup(s);
    for (char *p = d; *p; p++) if (*p >= 'a' && *p <= 'z') *p -= 32;
    return d;
}

int main(void) {
    const char *orig = "one,two,,three,four,five";
    char *copy = strdup(orig);
    copy[0] = 'O';
    printf("orig %s\ncopy %s\n", orig, copy);
    int n;
    char **parts = split(orig, ',', &n);
    printf("%d parts:", n);
    for (int i = 0; i < n; i++) printf(" [%s]", parts[i]);
    printf("\n");
    for (int i = 0; i < n; i++) { char *u = upper_dup(parts[i]); free(parts[i]); parts[i] = u; }
    char *j = join(parts, n, " | ");
    printf("joined: %s (%zu)\n", j, strlen(j));
    char *nd = strndup("truncate me please", 11);
    printf("strndup: '%s' %zu\n", nd, strlen(nd));
    char *nd2 = strndup("short", 100);
    printf("strndup long n: '%s'\n", nd2);
    char *empty = strdup("");
    printf("empty dup len %zu\n", strlen(empty));
    for (int i = 0; i < n; i++) free(parts[i]);
    free(parts);
    free(j); free(copy); free(nd); free(nd2); free(empty);
    return 0;
}
