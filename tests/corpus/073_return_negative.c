// main returns a negative value (exit status 255 after truncation) after a failed self-test.
#include <stdio.h>
#include <string.h>

struct test { const char *name; int (*fn)(void); };

static int t_arith(void) { return (7 * 6 == 42) && (-7 / 2 == -3) && (-7 % 2 == -1); }
static int t_string(void) { char b[16]; strcpy(b, "abc"); strcat(b, "def"); return strcmp(b, "abcdef") == 0; }
static int t_deliberately_failing(void) { int x = 10; for (int i = 0; i < 5; i++) x -= i; return x == 5; }
static int t_shift(void) { return (1u << 31) == 2147483648u && (-16 >> 2) == -4; }
static int t_float(void) { double d = 0.1 * 3; return d != 0.3; }

static const struct test tests[] = {
    {"arith", t_arith}, {"string", t_string}, {"failing", t_deliberately_failing}, {"shift", t_shift}, {"float", t_float},
};

int main(void) {
    int failed = 0, n = (int)(sizeof tests / sizeof tests[0]);
    for (int i = 0; i < n; i++) {
        int ok = tests[i].fn();
        printf("%-8s %s\n", tests[i].name, ok ? "PASS" : "FAIL");
        if (!ok) failed++;
    }
    printf("%d/%d passed\n", n - failed, n);
    if (failed) {
        printf("returning -1\n");
        return -1;
    }
    return 0;
}
