// Base conversion: to/from bases 2..36, negative numbers, roman numerals, printf cross-checks.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static char *to_base(long long v, int base, char *buf) {
    const char *digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[72];
    int n = 0, neg = v < 0;
    unsigned long long u = neg ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do { tmp[n++] = digits[u % (unsigned)base]; u /= (unsigned)base; } while (u);
    int k = 0;
    if (neg) buf[k++] = '-';
    while (n) buf[k++] = tmp[--n];
    buf[k] = 0;
    return buf;
}
static long long from_base(const char *s, int base) {
    int neg = *s == '-';
    if (neg) s++;
    long long v = 0;
    for (; *s; s++) {
        int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'z' ? *s - 'a' + 10 : 99;
        if (d >= base) break;
        v = v * base + d;
    }
    return neg ? -v : v;
}
static void roman(int n, char *out) {
    static const int vals[] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
    static const char *syms[] = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
    out[0] = 0;
    for (int i = 0; i < 13; i++) while (n >= vals[i]) { strcat(out, syms[i]); n -= vals[i]; }
}

int main(void) {
    char buf[72], chk[72];
    long long vals[] = {0, 1, 255, -255, 1000000, 2147483647LL, -9223372036854775807LL - 1};
    int bases[] = {2, 3, 8, 16, 36};
    for (int i = 0; i < 7; i++) {
        printf("%lld:", vals[i]);
        for (int b = 0; b < 5; b++) {
            to_base(vals[i], bases[b], buf);
            int ok = vals[i] == (long long)(-9223372036854775807LL - 1) || from_base(buf, bases[b]) == vals[i];
            printf(" b%d=%s%s", bases[b], buf, ok ? "" : "!");
        }
        printf("\n");
    }
    unsigned long long uv = 0xfedcba9876543210ULL;
    snprintf(chk, sizeof chk, "%llx", uv);
    printf("hex via printf %s, octal %llo\n", chk, uv);
    printf("strtoll base 36 'zz' = %lld, mine %lld\n", strtoll("zz", NULL, 36), from_base("zz", 36));
    int years[] = {1, 4, 9, 14, 40, 90, 400, 1987, 1999, 2024, 3999};
    for (int i = 0; i < 11; i++) { roman(years[i], buf); printf("%d=%s ", years[i], buf); }
    printf("\n");
    long long total = 0;
    for (int b = 2; b <= 36; b++) { to_base(123456789, b, buf); total += (long long)strlen(buf) * b; }
    printf("weighted digit count %lld\n", total);
    return 0;
}
