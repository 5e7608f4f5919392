// int and unsigned int arithmetic, division/remainder of negatives, comparisons.
#include <stdio.h>
#include <limits.h>

static int divs[] = {7, -7, 7, -7, 0, 1, -1, INT_MAX, INT_MIN, 100};
static int dvs[] = {2, 2, -2, -2, 5, 3, 3, -1, 2, -7};

int main(void) {
    for (int i = 0; i < 10; i++) {
        int a = divs[i], b = dvs[i];
        printf("%11d / %3d = %11d  %% = %3d\n", a, b, a / b, a % b);
    }
    unsigned ua = 4000000000u, ub = 7;
    printf("u: %u / %u = %u rem %u\n", ua, ub, ua / ub, ua % ub);
    printf("(unsigned)-7 / 2 = %u\n", (unsigned)-7 / 2);
    printf("-7 / 2u = %u\n", -7 / 2u);
    printf("INT_MAX=%d INT_MIN=%d UINT_MAX=%u\n", INT_MAX, INT_MIN, UINT_MAX);
    printf("-1 < 0u: %d, -1 < 0: %d\n", -1 < 0u, -1 < 0);
    int x = 123456;
    long acc = 0;
    for (int i = 1; i <= 20; i++) {
        x = x * 3 % 1000003 - i * 17;
        acc += x;
        if (i % 5 == 0) printf("step %d x=%d acc=%ld\n", i, x, acc);
    }
    int m = 0x7fff0000;
    printf("m & 0xff00ff00 = %#x, m | 7 = %d, m ^ -1 = %d\n", m & 0xff00ff00, m | 7, m ^ -1);
    printf("!0=%d !5=%d -(-5)=%d ~0=%d\n", !0, !5, -(-5), ~0);
    unsigned big = 3000000000u;
    int as_int = (int)big;
    printf("3000000000 as int %d\n", as_int);
    printf("mixed: %d %u %d\n", 10 - 20, 10u - 20u, (int)(10u - 20u));
    int counts[4] = {0};
    for (int i = -20; i <= 20; i++) counts[(i % 4 + 4) % 4]++;
    printf("mod classes %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
    int e = 17;
    e += 3; e -= 1; e *= 4; e /= 3; e %= 7; e <<= 3; e >>= 1; e |= 1; e &= 0xd; e ^= 0xff;
    printf("compound %d\n", e);
    int p = 5, q = 10;
    int r = p++ + ++q;
    printf("p=%d q=%d r=%d\n", p, q, r);
    return 0;
}
