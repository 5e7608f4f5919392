// Functions with many parameters (beyond register passing): ints, longs, doubles, mixed; printf with many args.
#include <stdio.h>

static long many_ints(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {
    return a + 2L * b + 3L * c + 4L * d + 5L * e + 6L * f + 7L * g + 8L * h + 9L * i + 10L * j;
}
static double many_doubles(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j) {
    return a - b + c - d + e - f + g - h + i - j + a * j;
}
static double mixed(int a, double b, long c, float d, char e, short f, unsigned g, double h, int i, float j, long k) {
    return a + b + (double)c + d + e + f + g + h + i + j + (double)k;
}
struct pt { int x, y; };
static int with_structs(struct pt a, int n, struct pt b, double s, struct pt c, struct pt d, struct pt e) {
    return (int)((a.x + b.x + c.x + d.x + e.x) * s) + n * (a.y + b.y + c.y + d.y + e.y);
}
static unsigned char ret_uchar(int v) { return (unsigned char)v; }
static signed char ret_schar(int v) { return (signed char)v; }
static short ret_short(int v) { return (short)v; }
static unsigned short ret_ushort(int v) { return (unsigned short)v; }
static float ret_float(double v) { return (float)v; }
static _Bool ret_bool(int v) { return v; }

int main(void) {
    printf("many_ints %ld\n", many_ints(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    printf("many_ints neg %ld\n", many_ints(-1, -2, -3, -4, -5, -6, -7, -8, -9, 2147483647));
    printf("many_doubles %.4f\n", many_doubles(1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5));
    printf("mixed %.4f\n", mixed(1, 2.5, 3000000000L, 4.25f, 'A', -6, 7u, 8.125, -9, 10.5f, -11L));
    struct pt p[5] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}};
    printf("with_structs %d\n", with_structs(p[0], 3, p[1], 1.5, p[2], p[3], p[4]));
    printf("%d %d %d %d %d %d %d %d %d %d %d %d %s %c %ld %.2f %u %x %o %lld\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
           "str", 'c', 13L, 14.0, 15u, 16, 17, 18LL);
    printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %d %.1f\n", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11, 12.0);
    printf("narrow returns: %d %d %d %d %.3f %d\n", ret_uchar(300), ret_schar(200), ret_short(70000), ret_ushort(-1), ret_float(1.0 / 3), ret_bool(42));
    int sum = 0;
    for (int k = 0; k < 300; k += 7) sum += ret_uchar(k) + ret_schar(k) + ret_short(k * 1000) / 100;
    printf("sum of narrow %d\n", sum);
    return 0;
}
