// Less common string functions: strtok_r, strcasecmp/strncasecmp, strnlen, strcoll, strerror-free, strspn loops.
#include <stdio.h>
#include <string.h>
#include <strings.h>

static void trim(char *s) {
    size_t start = strspn(s, " \t"), len = strlen(s);
    while (len > start && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
    memmove(s, s + start, len - start);
    s[len - start] = 0;
}
static int count_char(const char *s, char c) { int n = 0; for (const char *p = strchr(s, c); p; p = strchr(p + 1, c)) n++; return n; }
static void replace_all(const char *s, const char *from, const char *to, char *out) {
    size_t fl = strlen(from);
    out[0] = 0;
    for (const char *p; (p = strstr(s, from)) != NULL; s = p + fl) { strncat(out, s, (size_t)(p - s)); strcat(out, to); }
    strcat(out, s);
}

int main(void) {
    char data[] = "a=1,b=2;c=3,d=4;e=5";
    char *outer_save, *inner_save;
    for (char *grp = strtok_r(data, ";", &outer_save); grp; grp = strtok_r(NULL, ";", &outer_save)) {
        printf("group:");
        for (char *kv = strtok_r(grp, ",", &inner_save); kv; kv = strtok_r(NULL, ",", &inner_save)) printf(" <%s>", kv);
        printf("\n");
    }
    const char *cmp[][2] = {{"Hello", "hello"}, {"ABC", "abd"}, {"abc", "AB"}, {"Zeta", "alpha"}};
    for (int i = 0; i < 4; i++) {
        int r = strcasecmp(cmp[i][0], cmp[i][1]), r2 = strncasecmp(cmp[i][0], cmp[i][1], 2);
        printf("strcasecmp(%s,%s)=%d strncasecmp2=%d strcmp sign=%d\n", cmp[i][0], cmp[i][1], (r > 0) - (r < 0), (r2 > 0) - (r2 < 0),
               (strcmp(cmp[i][0], cmp[i][1]) > 0) - (strcmp(cmp[i][0], cmp[i][1]) < 0));
    }
    char fixed[10] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'};
    printf("strnlen on unterminated %zu, on short %zu\n", strnlen(fixed, sizeof fixed), strnlen("hey", 10));
    char t1[] = "   padded text \t ";
    char t2[] = "nopad";
    char t3[] = "     ";
    trim(t1); trim(t2); trim(t3);
    printf("trimmed '%s' '%s' '%s'\n", t1, t2, t3);
    printf("count of 's' in mississippi %d\n", count_char("mississippi", 's'));
    char out[128];
    replace_all("the cat and the hat and the bat", "the", "a", out);
    printf("%s\n", out);
    replace_all("aaaa", "aa", "b", out);
    printf("%s\n", out);
    replace_all("no match here", "xyz", "!", out);
    printf("%s\n", out);
    char dst[32];
    char *e = stpcpy(dst, "stp");
    e = stpcpy(e, "cpy");
    printf("stpcpy chain '%s' len %td\n", dst, e - dst);
    return 0;
}
