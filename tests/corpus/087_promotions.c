// Usual arithmetic conversions and integer promotions: mixed signed/unsigned compares, widths, ternaries.
#include <stdio.h>

int main(void) {
    unsigned int u = 1;
    int i = -1;
    long l = -1;
    unsigned long ul = 1;
    unsigned short us = 1;
    short s = -1;
    unsigned char uc = 255;
    signed char sc = -1;
    printf("int -1 < unsigned 1: %d\n", i < u);
    printf("long -1 < unsigned 1: %d (long wider than unsigned)\n", l < u);
    printf("long -1 < unsigned long 1: %d\n", l < ul);
    printf("short -1 < unsigned short 1: %d (both promote to int)\n", s < us);
    printf("uchar 255 == schar -1: %d, (uchar)sc == uc: %d\n", uc == sc, (unsigned char)sc == uc);
    printf("uc + sc = %d, uc * uc = %d\n", uc + sc, uc * uc);
    printf("-1 / 2u = %u, -1L / 2u = %ld\n", i / 2u, l / 2u);
    printf("sizeof(uc + uc) %zu, sizeof(s * s) %zu, sizeof(u + l) %zu, sizeof(1 ? uc : l) %zu\n",
           sizeof(uc + uc), sizeof(s * s), sizeof(u + l), sizeof(1 ? uc : l));
    int x = 5;
    unsigned y = 7;
    printf("x - y = %u as unsigned, %d as int, %ld as long\n", x - y, (int)(x - y), (long)(x - y));
    long z = x - (long)y;
    printf("x - (long)y = %ld\n", z);
    printf("ternary mixes: %ld %u\n", (long)(i < 0 ? i : ul), i < 0 ? (unsigned)i : u);
    unsigned char a = 200, b = 100;
    unsigned char c = a + b;
    int d = a + b;
    printf("uchar sum stored %u, int sum %d, compare (a+b > 255) %d\n", c, d, a + b > 255);
    char ch = 'a';
    printf("char arithmetic: %c %d %c\n", ch + 1, ch - 'A', (char)(ch ^ 0x20));
    unsigned short big = 65535;
    printf("ushort*ushort as unsigned %u\n", (unsigned)big * big);
    long long mixed = 1000000 * 3000LL;
    printf("promoted before multiply: %lld\n", mixed);
    float f = 16777217;
    double dd = 16777217;
    printf("int to float loses: %.1f vs %.1f, compare %d\n", f, dd, f == dd);
    printf("int + float -> %.2f, long / double -> %.4f\n", 7 + 0.5f, 10L / 3.0);
    int neg = -7;
    unsigned pos = 3;
    printf("neg %% pos (unsigned) = %u, neg %% (int)pos = %d\n", neg % pos, neg % (int)pos);
    int shifted = (int)((unsigned)uc << 24) >> 24;
    printf("uc << 24 >> 24 (int) = %d\n", shifted);
    _Bool flag = 0.5;
    printf("bool from 0.5 %d, bool arith %d\n", flag, flag + flag);
    return 0;
}
