// strlen, strcpy, strncpy, strcat, strncat, strcmp, strncmp and a hand-rolled comparison.
#include <stdio.h>
#include <string.h>

static int sgn(int x) { return (x > 0) - (x < 0); }
static int my_strcmp(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}

int main(void) {
    const char *words[] = {"", "a", "abc", "abd", "ab", "ABC", "hello world", "zebra", "\xff"};
    int n = sizeof words / sizeof words[0];
    for (int i = 0; i < n; i++) printf("strlen(%d)=%zu ", i, strlen(words[i]));
    printf("\n");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int c = sgn(strcmp(words[i], words[j]));
            if (c != sgn(my_strcmp(words[i], words[j]))) printf("mismatch %d %d\n", i, j);
            putchar(c < 0 ? '<' : c > 0 ? '>' : '=');
            if (j == n - 1) putchar('\n');
        }
    printf("strncmp abc/abd n=2: %d n=3: %d\n", sgn(strncmp("abc", "abd", 2)), sgn(strncmp("abc", "abd", 3)));
    printf("strncmp ab/abc n=5: %d\n", sgn(strncmp("ab", "abc", 5)));
    char buf[64];
    strcpy(buf, "Hello");
    strcat(buf, ", ");
    strcat(buf, "World");
    printf("'%s' len %zu\n", buf, strlen(buf));
    strncat(buf, "!!!???", 3);
    printf("'%s' len %zu\n", buf, strlen(buf));
    char small[8];
    memset(small, 'X', sizeof small);
    strncpy(small, "abc", sizeof small);
    printf("strncpy pads: %d %d %d\n", small[3], small[7], (int)strlen(small));
    strncpy(small, "abcdefghijkl", 5);
    small[5] = 0;
    printf("strncpy truncates: %s\n", small);
    char *ret = strcpy(buf + 20, "tail");
    printf("strcpy returns dest: %d '%s'\n", ret == buf + 20, ret);
    char joined[128] = "";
    for (int i = 1; i < 6; i++) { if (i > 1) strcat(joined, "-"); strcat(joined, words[i]); }
    printf("joined '%s'\n", joined);
    char overlap[32] = "abcdef";
    size_t L = strlen(overlap);
    memmove(overlap + 2, overlap, L + 1);
    printf("memmove shift: %s\n", overlap);
    return 0;
}
