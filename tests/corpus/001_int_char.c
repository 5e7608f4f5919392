// char, signed char and unsigned char arithmetic: promotion, wrap, division.
#include <stdio.h>

static signed char sc_add(signed char a, signed char b) { return (signed char)(a + b); }
static unsigned char uc_mul(unsigned char a, unsigned char b) { return (unsigned char)(a * b); }

int main(void) {
    signed char a = 100, b = 27, c = -128;
    unsigned char u = 250, v = 10;
    printf("a+b=%d (int) %d (schar)\n", a + b, sc_add(a, b));
    printf("a+b+1 wraps to %d\n", sc_add(sc_add(a, b), 1));
    printf("c-1 as schar %d, -c as int %d\n", (signed char)(c - 1), -c);
    printf("u+v=%d, (uchar)(u+v)=%u\n", u + v, (unsigned char)(u + v));
    printf("u*v uchar=%u\n", uc_mul(u, v));
    printf("u-v-250 = %d (int promotion)\n", u - v - 250);
    unsigned char w = 0;
    w--;
    printf("0-- = %u\n", w);
    signed char divs[] = {-7, 7, -128, 127, -1};
    signed char dvs[] = {2, -2, 3, -3, 5};
    for (int i = 0; i < 5; i++) {
        signed char x = divs[i], y = dvs[i];
        printf("%4d / %3d = %4d  %% = %3d\n", x, y, x / y, x % y);
    }
    for (int i = 0; i < 5; i++) {
        unsigned char x = (unsigned char)divs[i], y = (unsigned char)dvs[i];
        printf("%4u /u %3u = %4u  %% = %3u\n", x, y, x / y, x % y);
    }
    char plain = 'A';
    plain += 25;
    printf("plain char %c %d\n", plain, plain);
    int sum = 0;
    for (unsigned char i = 200; i != 10; i++) sum += i;
    printf("loop sum with uchar wrap %d\n", sum);
    signed char neg = -5;
    unsigned char uneg = (unsigned char)neg;
    printf("-5 -> uchar %u -> schar %d -> int %d\n", uneg, (signed char)uneg, (int)neg);
    printf("~a=%d ~u=%d (uchar)~u=%u\n", ~a, ~u, (unsigned char)~u);
    printf("a>>2=%d c>>3=%d u>>3=%d\n", a >> 2, c >> 3, u >> 3);
    printf("c==-128 %d, u>a %d, (schar)u<a %d\n", c == -128, u > a, (signed char)u < a);
    return 0;
}
