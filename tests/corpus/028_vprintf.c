// vprintf / vsnprintf / vfprintf wrappers: logging helper, string builder.
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static int line_no = 0;
static void log_msg(const char *level, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("%03d [%s] ", ++line_no, level);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}
static void err_msg(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}
struct sb { char buf[128]; size_t len; };
static int sb_printf(struct sb *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->buf + b->len, sizeof b->buf - b->len, fmt, ap);
    va_end(ap);
    if (n > 0) {
        size_t room = sizeof b->buf - b->len - 1;
        b->len += (size_t)n < room ? (size_t)n : room;
    }
    return n;
}
static int measure(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    return n;
}
static void twice(const char *fmt, ...) {
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    char tmp[64];
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    printf("first: %s\n", tmp);
    vprintf(fmt, cp);
    printf(" <- second\n");
    va_end(cp);
    va_end(ap);
}

int main(void) {
    log_msg("INFO", "starting %s v%d.%d", "corpus", 1, 2);
    log_msg("WARN", "value %ld out of range [%d, %d]", 1234567890123L, -5, 5);
    log_msg("DEBUG", "pi ~ %.5f, e ~ %g, hex %#x", 3.14159265, 2.718281828, 48879);
    err_msg("this goes to stderr: %d\n", 7);
    struct sb b = {{0}, 0};
    for (int i = 0; i < 5; i++) sb_printf(&b, "%d^2=%d; ", i, i * i);
    printf("builder (%zu): %s\n", b.len, b.buf);
    int r = 0;
    for (int i = 0; i < 20; i++) r = sb_printf(&b, "[%08d]", i * 12345);
    printf("builder full (%zu, last ret %d): %.40s...\n", b.len, r, b.buf);
    printf("strlen matches len: %d\n", strlen(b.buf) == b.len);
    printf("measure: %d %d %d\n", measure("%d", -12345), measure("%s-%s", "ab", "cde"), measure("%10.3f", 1.5));
    twice("%s=%d (%c)", "answer", 42, '!');
    return 0;
}
