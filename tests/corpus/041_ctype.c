// ctype.h: classification of all 7-bit chars, toupper/tolower, word capitalisation.
#include <stdio.h>
#include <ctype.h>

int main(void) {
    int counts[10] = {0};
    for (int c = 0; c < 128; c++) {
        counts[0] += isdigit(c) != 0; counts[1] += isalpha(c) != 0; counts[2] += isalnum(c) != 0;
        counts[3] += isspace(c) != 0; counts[4] += isupper(c) != 0; counts[5] += islower(c) != 0;
        counts[6] += ispunct(c) != 0; counts[7] += isxdigit(c) != 0; counts[8] += isprint(c) != 0;
        counts[9] += iscntrl(c) != 0;
    }
    const char *names[] = {"digit", "alpha", "alnum", "space", "upper", "lower", "punct", "xdigit", "print", "cntrl"};
    for (int i = 0; i < 10; i++) printf("%s=%d ", names[i], counts[i]);
    printf("\n");
    printf("isgraph count: ");
    int g = 0;
    for (int c = 0; c < 128; c++) g += isgraph(c) != 0;
    printf("%d, isblank(' ')=%d isblank('\\t')=%d isblank('\\n')=%d\n", g, isblank(' ') != 0, isblank('\t') != 0, isblank('\n') != 0);
    const char *s = "Hello, World! 123 mixed-CASE text_here.";
    for (const char *p = s; *p; p++) putchar(toupper((unsigned char)*p));
    putchar('\n');
    for (const char *p = s; *p; p++) putchar(tolower((unsigned char)*p));
    putchar('\n');
    int cap = 1;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        putchar(cap && isalpha(c) ? toupper(c) : tolower(c));
        cap = !isalnum(c);
    }
    putchar('\n');
    printf("toupper non-letters: %c %c %d\n", toupper('5'), toupper('['), toupper(200));
    const char *classes = "a Z 0 ~ \t \x7f ";
    for (const char *p = classes; *p; p += 2) {
        int c = (unsigned char)*p;
        printf("%3d: d%d a%d s%d p%d c%d x%d\n", c, !!isdigit(c), !!isalpha(c), !!isspace(c), !!ispunct(c), !!iscntrl(c), !!isxdigit(c));
    }
    int value = 0;
    for (const char *h = "1aF9"; *h; h++) value = value * 16 + (isdigit((unsigned char)*h) ? *h - '0' : tolower((unsigned char)*h) - 'a' + 10);
    printf("hex 1aF9 = %d\n", value);
    return 0;
}
