// strchr, strrchr, strstr, strtok, strspn, strcspn, strpbrk.
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *path = "/usr/local/lib/libfoo.so.1.2";
    const char *slash = strrchr(path, '/');
    const char *dot = strchr(path, '.');
    printf("basename %s, first dot at %td, last dot at %td\n", slash + 1, dot - path, strrchr(path, '.') - path);
    printf("strchr nul: %td, missing: %d\n", strchr(path, '\0') - path, strchr(path, 'z') == NULL);
    const char *hay = "the cat sat on the mat with the hat";
    const char *needles[] = {"the", "at", "mat", "dog", "", "hat"};
    for (int i = 0; i < 6; i++) {
        int count = 0;
        const char *p = hay, *first = strstr(hay, needles[i]);
        if (needles[i][0]) while ((p = strstr(p, needles[i])) != NULL) { count++; p++; }
        printf("'%s': first %td count %d\n", needles[i], first ? first - hay : -1, count);
    }
    char csv[] = "name=alpha;size=42;;color=blue;  ;last=1";
    int field = 0;
    for (char *tok = strtok(csv, ";"); tok; tok = strtok(NULL, ";")) {
        char *eq = strchr(tok, '=');
        if (eq) { *eq = 0; printf("field %d: key '%s' value '%s'\n", field, tok, eq + 1); }
        else printf("field %d: raw '%s'\n", field, tok);
        field++;
    }
    char sentence[] = "  split   these\twords,please \n now ";
    int w = 0;
    for (char *t = strtok(sentence, " \t\n,"); t; t = strtok(NULL, " \t\n,")) printf("word%d=%s ", w++, t);
    printf("\n");
    const char *num = "12345abc678";
    printf("strspn digits %zu, strcspn letters %zu\n", strspn(num, "0123456789"), strcspn(num, "abcdefghijklmnopqrstuvwxyz"));
    const char *p = strpbrk(hay, "xyzw");
    printf("strpbrk -> '%s'\n", p ? p : "(null)");
    char line[] = "key1:val1,key2:val2,key3:val3";
    char *save = line;
    int pairs = 0;
    while (save && *save) {
        char *comma = strchr(save, ',');
        if (comma) *comma = 0;
        char *colon = strchr(save, ':');
        printf("pair %d %.*s -> %s\n", pairs++, (int)(colon - save), save, colon + 1);
        save = comma ? comma + 1 : NULL;
    }
    return 0;
}
