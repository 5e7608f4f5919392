// strtol/strtoul/strtoll/strtoull/atoi edge cases: bases 0/2/16/36, "0x" with no digits, signs, whitespace, overflow clamping and errno, end pointers.
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <limits.h>

static void tl(const char *s, int base) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, base);
    int e = errno;
    printf("strtol(\"%s\",%d)=%ld end=+%ld erange=%d\n", s, base, v, (long)(end - s), e == ERANGE);
}
static void tul(const char *s, int base) {
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, base);
    int e = errno;
    printf("strtoul(\"%s\",%d)=%lu end=+%ld erange=%d\n", s, base, v, (long)(end - s), e == ERANGE);
}

int main(void) {
    const char *cases[] = {"0", "-0", "+17", "  \t\n42xyz", "0x1F", "0X", "0x", "0xg", "012", "09", "-0x10", "+-5", "- 5", "",
                           "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                           "99999999999999999999999", "   -  1", "1e5", "0b101", "z", "Zz"};
    int bases[] = {0, 10, 16, 8, 2, 36};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) tl(cases[i], 0);
    for (unsigned b = 0; b < sizeof bases / sizeof bases[0]; b++) { tl("1010zz", bases[b]); tl("-7fffffffffffffff1", bases[b]); }
    tul("18446744073709551615", 10);
    tul("18446744073709551616", 10);
    tul("-1", 10);
    tul("-18446744073709551615", 10);
    tul("-18446744073709551616", 10);
    tul("0xffffffffffffffff", 0);
    tul("  +0777", 0);
    char *end;
    errno = 0;
    long long ll = strtoll("-9223372036854775808", &end, 10);
    printf("strtoll %lld %d\n", ll, errno);
    unsigned long long ull = strtoull("zzzzzzzzzzzzz", &end, 36);
    printf("strtoull %llu %d *end=%d\n", ull, errno == ERANGE, *end);
    printf("atoi %d %d %d %d\n", atoi("  -123abc"), atoi("+0"), atoi("abc"), atoi("2147483647"));
    printf("atol %ld atoll %lld\n", atol("-2147483649"), atoll("123456789012345"));
    errno = 0;
    long v = strtol("12", NULL, 10);
    printf("null end %ld errno %d\n", v, errno);
    return 0;
}
