// CFLAGS: -O1
// Decimal bignums as digit strings: addition, multiplication by small ints, big factorial, fibonacci, 2^200.
#include <stdio.h>
#include <string.h>

#define MAXD 400
struct big { int len; unsigned char d[MAXD]; }; /* little-endian digits */

static void from_str(struct big *b, const char *s) {
    int n = (int)strlen(s);
    b->len = n;
    for (int i = 0; i < n; i++) b->d[i] = (unsigned char)(s[n - 1 - i] - '0');
}
static void from_int(struct big *b, unsigned long v) { b->len = 0; do { b->d[b->len++] = (unsigned char)(v % 10); v /= 10; } while (v); }
static void add(struct big *r, const struct big *a, const struct big *b) {
    int carry = 0, n = a->len > b->len ? a->len : b->len;
    struct big t;
    for (int i = 0; i < n; i++) {
        int s = carry + (i < a->len ? a->d[i] : 0) + (i < b->len ? b->d[i] : 0);
        t.d[i] = (unsigned char)(s % 10); carry = s / 10;
    }
    t.len = n;
    if (carry) t.d[t.len++] = (unsigned char)carry;
    *r = t;
}
static void mul_small(struct big *b, unsigned m) {
    unsigned long carry = 0;
    for (int i = 0; i < b->len; i++) { unsigned long p = (unsigned long)b->d[i] * m + carry; b->d[i] = (unsigned char)(p % 10); carry = p / 10; }
    while (carry) { b->d[b->len++] = (unsigned char)(carry % 10); carry /= 10; }
    while (b->len > 1 && b->d[b->len - 1] == 0) b->len--;
}
static void print(const char *label, const struct big *b) {
    printf("%s (%d digits): ", label, b->len);
    for (int i = b->len - 1; i >= 0; i--) putchar('0' + b->d[i]);
    putchar('\n');
}
static int digit_sum(const struct big *b) { int s = 0; for (int i = 0; i < b->len; i++) s += b->d[i]; return s; }

int main(void) {
    struct big a, b, c;
    from_str(&a, "99999999999999999999999999999999");
    from_str(&b, "1");
    add(&c, &a, &b);
    print("999..9 + 1", &c);
    from_str(&a, "123456789012345678901234567890");
    from_str(&b, "987654321098765432109876543210");
    add(&c, &a, &b);
    print("sum", &c);
    from_int(&a, 1);
    for (unsigned i = 2; i <= 100; i++) mul_small(&a, i);
    print("100!", &a);
    printf("digit sum of 100! = %d\n", digit_sum(&a));
    from_int(&a, 1);
    for (int i = 0; i < 200; i++) mul_small(&a, 2);
    print("2^200", &a);
    struct big f0, f1, f2;
    from_int(&f0, 0); from_int(&f1, 1);
    for (int i = 2; i <= 300; i++) { add(&f2, &f0, &f1); f0 = f1; f1 = f2; }
    print("fib(300)", &f1);
    from_int(&a, 18446744073709551615UL);
    add(&a, &a, &a);
    print("2*ULONG_MAX", &a);
    mul_small(&a, 0);
    print("times zero", &a);
    return 0;
}
