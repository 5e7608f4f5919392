// CFLAGS: -O1
// Large structs: sret returns, byval arguments, chains of struct-returning calls, struct assignment of arrays, nested structs, struct copies through pointers.
#include <stdio.h>
#include <string.h>

struct mat { double m[3][3]; };
struct rec { char name[12]; int scores[5]; struct { short x, y; } pos; long id; };
struct wrap { int a[20]; };

static struct mat ident(void) { struct mat r; memset(&r, 0, sizeof r); for (int i = 0; i < 3; i++) r.m[i][i] = 1; return r; }
static struct mat mul(struct mat a, struct mat b) {
    struct mat r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0;
            for (int k = 0; k < 3; k++) s += a.m[i][k] * b.m[k][j];
            r.m[i][j] = s;
        }
    return r;
}
static struct mat rot(void) { struct mat r = {{{0, -1, 0}, {1, 0, 0}, {0, 0, 2}}}; return r; }
static double trace(struct mat a) { a.m[0][0] += 1000; return a.m[0][0] + a.m[1][1] + a.m[2][2] - 1000; }

static struct rec mkrec(const char *n, int base, long id) {
    struct rec r;
    memset(&r, 0, sizeof r);
    strncpy(r.name, n, sizeof r.name - 1);
    for (int i = 0; i < 5; i++) r.scores[i] = base + i * i;
    r.pos.x = (short)(base * 3); r.pos.y = (short)(-base);
    r.id = id;
    return r;
}
static struct rec bump(struct rec r) { r.scores[4] += 100; r.pos.x++; r.name[0] ^= 0x20; return r; }
static int total(const struct rec *r) { int t = 0; for (int i = 0; i < 5; i++) t += r->scores[i]; return t + r->pos.x + r->pos.y; }
static struct wrap fillw(int k) { struct wrap w; for (int i = 0; i < 20; i++) w.a[i] = k * i - 7; return w; }
static struct wrap revw(struct wrap w) { for (int i = 0; i < 10; i++) { int t = w.a[i]; w.a[i] = w.a[19 - i]; w.a[19 - i] = t; } return w; }

int main(void) {
    struct mat r = ident();
    for (int i = 0; i < 5; i++) r = mul(r, rot());
    for (int i = 0; i < 3; i++) printf("%g %g %g\n", r.m[i][0], r.m[i][1], r.m[i][2]);
    printf("trace %g %g\n", trace(r), r.m[0][0]);
    struct rec a = mkrec("alice", 10, 1L << 33), b = bump(bump(a));
    printf("%s %d %ld | %s %d %d\n", a.name, total(&a), a.id, b.name, total(&b), b.scores[4]);
    struct rec table[3];
    table[0] = a; table[1] = b; table[2] = mkrec("carol-long-name", -4, -1);
    struct rec *p = &table[2];
    *p = bump(*p);
    for (int i = 0; i < 3; i++) printf("[%s %d %d,%d]", table[i].name, total(&table[i]), table[i].pos.x, table[i].pos.y);
    printf("\n");
    struct wrap w = revw(fillw(3)), w2 = w;
    w2.a[0] = 999;
    printf("%d %d %d %d\n", w.a[0], w.a[19], w2.a[0], memcmp(&w, &w2, sizeof w) > 0);
    struct { struct wrap inner; char tag; } outer = { revw(w), 'T' };
    printf("%d %d %c\n", outer.inner.a[0], outer.inner.a[19], outer.tag);
    return 0;
}
