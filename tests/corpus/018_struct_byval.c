// CFLAGS: -O1
// Passing and returning small and large structs by value; struct arrays in structs.
#include <stdio.h>

struct small { char c; short s; };
struct pair { int a; int b; };
struct mixed { double d; int i; };
struct vec3 { float x, y, z; };
struct large { long vals[16]; char tag[8]; };

static struct small mk_small(char c, short s) { struct small r = {c, s}; return r; }
static struct pair swap_pair(struct pair p) { struct pair r = {p.b, p.a}; return r; }
static struct mixed scale(struct mixed m, double k) { m.d *= k; m.i = (int)(m.i * k); return m; }
static struct vec3 cross(struct vec3 a, struct vec3 b) {
    struct vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static struct large make_large(long seed) {
    struct large l;
    for (int i = 0; i < 16; i++) { seed = (seed * 48271 + 11) % 1000003; l.vals[i] = seed; }
    for (int i = 0; i < 7; i++) l.tag[i] = (char)('a' + (l.vals[i] % 26 + 26) % 26);
    l.tag[7] = 0;
    return l;
}
static long sum_large(struct large l) {
    long s = 0;
    for (int i = 0; i < 16; i++) { s += l.vals[i]; l.vals[i] = 0; }
    return s;
}
static struct large bump(struct large l, int k) { for (int i = 0; i < 16; i++) l.vals[i] += k * i; return l; }

int main(void) {
    struct small s = mk_small('Q', -1234);
    printf("small %c %d size %zu\n", s.c, s.s, sizeof s);
    struct pair p = {1, 2};
    struct pair q = swap_pair(p);
    printf("pair %d %d -> %d %d\n", p.a, p.b, q.a, q.b);
    struct mixed m = {2.5, 7};
    struct mixed m2 = scale(m, 3.0);
    printf("mixed %.2f %d -> %.2f %d\n", m.d, m.i, m2.d, m2.i);
    struct vec3 x = {1, 0, 0}, y = {0, 1, 0};
    struct vec3 z = cross(x, y);
    struct vec3 w = cross((struct vec3){1.5f, -2, 3}, (struct vec3){4, 5, -6.25f});
    printf("cross %.1f %.1f %.1f | %.3f %.3f %.3f\n", z.x, z.y, z.z, w.x, w.y, w.z);
    struct large l = make_large(42);
    printf("large tag %s sum %ld\n", l.tag, sum_large(l));
    printf("after call vals[3]=%ld (unchanged)\n", l.vals[3]);
    struct large l2 = bump(l, 10);
    printf("bumped sum %ld orig sum %ld last %ld\n", sum_large(l2), sum_large(l), l2.vals[15]);
    struct pair arr[5];
    for (int i = 0; i < 5; i++) arr[i] = swap_pair((struct pair){i, i * i});
    for (int i = 0; i < 5; i++) printf("(%d,%d) ", arr[i].a, arr[i].b);
    printf("\n");
    struct large arr2[2];
    arr2[0] = make_large(7);
    arr2[1] = arr2[0];
    arr2[1].vals[0] = -1;
    printf("copied %ld %ld %s %s\n", arr2[0].vals[0], arr2[1].vals[0], arr2[0].tag, arr2[1].tag);
    return 0;
}
