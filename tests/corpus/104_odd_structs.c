// CFLAGS: -O1
// Structs of 3, 5, 6, 7, 9, 12 and 16 bytes passed and returned by value (i24/i40/i48/i56 and {i64,i8} coercions), {i64,i64}, {double,double}, {double,long}.
#include <stdio.h>

struct s3 { unsigned char a, b, c; };
struct s5 { char c[5]; };
struct s6 { short x, y, z; };
struct s7 { char a; short b; char c[4]; };
struct s9 { long l; char c; };
struct s12 { int a, b, c; };
struct ll { long long a, b; };
struct dd { double x, y; };
struct dl { double d; long l; };
struct cd { char c; double d; };

static struct s3 mk3(int i) { struct s3 r = {(unsigned char)i, (unsigned char)(i * 3), (unsigned char)(255 - i)}; return r; }
static struct s3 rev3(struct s3 s) { struct s3 r = {s.c, s.b, s.a}; return r; }
static struct s5 mk5(const char *p) { struct s5 r; for (int i = 0; i < 5; i++) r.c[i] = p[i]; return r; }
static int sum5(struct s5 s) { int t = 0; for (int i = 0; i < 5; i++) t = t * 31 + s.c[i]; return t; }
static struct s6 neg6(struct s6 s) { s.x = -s.x; s.y = (short)(s.y * 2); s.z ^= 0x5555; return s; }
static struct s7 mk7(char a, short b) { struct s7 r = {a, b, {'w', 'x', 'y', 'z'}}; return r; }
static long key7(struct s7 s) { return s.a * 100000L + s.b * 10L + (s.c[3] - s.c[0]); }
static struct s9 mk9(long l, char c) { struct s9 r = {l, c}; return r; }
static struct s12 rot12(struct s12 s) { struct s12 r = {s.b, s.c, s.a}; return r; }
static struct ll addll(struct ll p, struct ll q) { struct ll r = {p.a + q.a, p.b - q.b}; return r; }
static struct dd muldd(struct dd p, double k) { struct dd r = {p.x * k, p.y / k}; return r; }
static struct dl mkdl(double d, long l) { struct dl r = {d * 2, l + 1}; return r; }
static struct cd mkcd(char c, double d) { struct cd r = {c, d}; return r; }

static struct s3 pass_many(struct s3 a, struct s5 b, struct s7 c, struct s3 d, int k) {
    struct s3 r = {(unsigned char)(a.a + d.c + k), (unsigned char)(b.c[4] + c.c[2]), (unsigned char)(c.b & 0xff)};
    return r;
}

int main(void) {
    for (int i = 0; i < 300; i += 73) {
        struct s3 s = rev3(mk3(i));
        printf("s3 %u %u %u\n", s.a, s.b, s.c);
    }
    struct s5 f = mk5("hello");
    printf("s5 %d %c%c\n", sum5(f), f.c[0], f.c[4]);
    struct s6 six = neg6((struct s6){1234, -3000, 7});
    printf("s6 %d %d %d\n", six.x, six.y, six.z);
    struct s7 sv = mk7('Q', -1234);
    printf("s7 %ld size %zu\n", key7(sv), sizeof sv);
    struct s9 n = mk9(-(1L << 40), 'z');
    printf("s9 %ld %c\n", n.l, n.c);
    struct s12 t = rot12(rot12((struct s12){1, 2, 3}));
    printf("s12 %d %d %d\n", t.a, t.b, t.c);
    struct ll a = addll((struct ll){1LL << 62, -5}, (struct ll){(1LL << 62) - 1, 1LL << 50});
    printf("ll %lld %lld\n", a.a, a.b);
    struct dd d = muldd((struct dd){1.5, -9.0}, 4.0);
    printf("dd %g %g\n", d.x, d.y);
    struct dl e = mkdl(0.125, 41);
    printf("dl %g %ld\n", e.d, e.l);
    struct cd g = mkcd('k', -2.75);
    printf("cd %c %g\n", g.c, g.d);
    struct s3 pm = pass_many(mk3(5), f, sv, mk3(9), 100);
    printf("pm %u %u %u\n", pm.a, pm.b, pm.c);
    struct s3 arr[4];
    for (int i = 0; i < 4; i++) arr[i] = mk3(i * 50);
    struct s3 copy[4];
    for (int i = 0; i < 4; i++) copy[3 - i] = arr[i];
    for (int i = 0; i < 4; i++) printf("%u/%u ", copy[i].a, copy[i].c);
    printf("\n");
    return 0;
}
