// STDIN: first line\n\nthird\tline with tabs\nno newline at end
// Mixed stdin consumption: getchar, ungetc (twice), fgets with a short buffer, getline, fread, feof/ferror states, return values of putchar/puts/fputs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int c = getchar();
    printf("first %c\n", c);
    ungetc(c, stdin);
    int r = ungetc('X', stdin);
    printf("ungetc ret %c\n", r);
    char small[6];
    while (fgets(small, sizeof small, stdin)) {
        size_t n = strlen(small);
        printf("chunk %zu [", n);
        for (size_t i = 0; i < n; i++) putchar(small[i] == '\n' ? '$' : small[i]);
        printf("]\n");
        if (small[n - 1] == '\n') break;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, stdin);
    printf("getline %zd [%s]\n", len, len > 0 && line[len - 1] == '\n' ? "nl" : "no-nl");
    len = getline(&line, &cap, stdin);
    printf("getline %zd tab at %ld\n", len, (long)(strchr(line, '\t') - line));
    char buf[100];
    size_t got = fread(buf, 1, sizeof buf, stdin);
    printf("fread %zu [%.*s] eof %d err %d\n", got, (int)got, buf, feof(stdin) != 0, ferror(stdin) != 0);
    c = getchar();
    printf("after eof %d %d\n", c == EOF, feof(stdin) != 0);
    clearerr(stdin);
    printf("cleared %d\n", feof(stdin) != 0);
    printf("fgets at eof %p\n", (void *)fgets(buf, sizeof buf, stdin));
    r = putchar('A');
    printf(" putchar %d\n", r);
    r = puts("puts-line");
    printf("puts %d\n", r >= 0);
    r = fputs("fputs-text\n", stdout);
    printf("fputs %d\n", r >= 0);
    r = printf("%s", "");
    printf("empty printf %d\n", r);
    free(line);
    return 0;
}
