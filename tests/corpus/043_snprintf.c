// snprintf truncation semantics and return values; building strings piecewise safely.
#include <stdio.h>
#include <string.h>

int main(void) {
    char b[16];
    for (size_t sz = 0; sz <= 16; sz += 3) {
        memset(b, '#', sizeof b);
        int n = snprintf(b, sz, "%s-%d", "abcdefgh", 12345);
        printf("size %2zu -> ret %d, strlen %zu, '%s', b[15]=%c\n", sz, n, sz ? strlen(b) : 0, sz ? b : "(untouched)", b[15]);
    }
    int need = snprintf(NULL, 0, "%08.3f|%x|%s", 3.14159, 48879, "tail");
    printf("needed %d\n", need);
    char exact[32];
    int n = snprintf(exact, (size_t)need + 1, "%08.3f|%x|%s", 3.14159, 48879, "tail");
    printf("exact '%s' (%d)\n", exact, n);
    char out[40];
    size_t used = 0;
    int truncated = 0;
    for (int i = 0; i < 12; i++) {
        int k = snprintf(out + used, sizeof out - used, "%s%d", i ? "," : "", i * 1001);
        if (k < 0 || (size_t)k >= sizeof out - used) { truncated = 1; used = sizeof out - 1; break; }
        used += (size_t)k;
    }
    printf("piecewise '%s' used %zu truncated %d\n", out, used, truncated);
    char one[1];
    n = snprintf(one, sizeof one, "hello");
    printf("size-1 buffer ret %d, empty %d\n", n, one[0] == 0);
    char fmtbuf[64];
    const char *names[] = {"x", "longer_name", "mid"};
    for (int i = 0; i < 3; i++) {
        snprintf(fmtbuf, sizeof fmtbuf, "%-12s|%6.2f|%+5d|%#06x", names[i], i * 1.25, i * -17, i * 300);
        printf("%s\n", fmtbuf);
    }
    char tiny[6];
    n = snprintf(tiny, sizeof tiny, "%ld", -1234567890L);
    printf("tiny '%s' ret %d\n", tiny, n);
    return 0;
}
