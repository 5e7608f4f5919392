// atoi, atol, atoll, strtol (bases 10/16/0/2/36, endptr), strtoul, strtoll, strtod.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    const char *as[] = {"42", "  -17xyz", "+8", "abc", "2147483647", "0012", "  \t99 "};
    for (int i = 0; i < 7; i++) printf("atoi('%s')=%d atol=%ld\n", as[i], atoi(as[i]), atol(as[i]));
    printf("atoll %lld\n", atoll("-9000000000000"));
    struct { const char *s; int base; } cases[] = {
        {"12345", 10}, {"-0x1F", 16}, {"1f", 16}, {"0x1F", 0}, {"0755", 0}, {"755", 8},
        {"101101", 2}, {"zz", 36}, {"  +42rest", 10}, {"xyz", 10}, {"0x", 16}, {"123", 0}, {"-0", 10}, {"09", 0},
    };
    int n = sizeof cases / sizeof cases[0];
    for (int i = 0; i < n; i++) {
        char *end;
        long v = strtol(cases[i].s, &end, cases[i].base);
        printf("strtol('%s', %d) = %ld, consumed %td, rest '%s'\n", cases[i].s, cases[i].base, v, end - cases[i].s, end);
    }
    char *end;
    unsigned long ul = strtoul("4294967296", &end, 10);
    printf("strtoul %lu\n", ul);
    unsigned long neg = strtoul("-1", &end, 10);
    printf("strtoul(-1) %lu\n", neg);
    long long ll = strtoll("-123456789012345", &end, 10);
    printf("strtoll %lld\n", ll);
    const char *list = "10 20 0x30 -40 050";
    const char *p = list;
    long sum = 0;
    for (;;) {
        char *e;
        long v = strtol(p, &e, 0);
        if (e == p) break;
        printf("token %ld\n", v);
        sum += v;
        p = e;
    }
    printf("sum %ld\n", sum);
    const char *ds[] = {"3.5", "-2.25e2", "1e-3xyz", "  .5", "inf", "abc"};
    for (int i = 0; i < 6; i++) {
        double d = strtod(ds[i], &end);
        printf("strtod('%s') = %g consumed %td\n", ds[i], d, end - ds[i]);
    }
    printf("atof %.4f\n", atof("2.71828"));
    return 0;
}
