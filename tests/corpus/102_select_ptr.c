// CFLAGS: -O1
// select on pointers, on i1 and on small ints; min/max idioms; conditional pointer choice between globals, locals and heap.
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>

static int ga[4] = {10, 20, 30, 40}, gb[4] = {-1, -2, -3, -4};

static int *pick(int c, int *x, int *y) { return c ? x : y; }
static const char *name(bool b) { return b ? "yes" : "no"; }
static bool both(bool a, bool b) { return a && b; }
static bool either(bool a, bool b) { return a || b; }
static bool xorb(bool a, bool b) { return a != b; }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static unsigned umin3(unsigned a, unsigned b, unsigned c) { unsigned m = a < b ? a : b; return m < c ? m : c; }
static long long smax(long long a, long long b) { return a > b ? a : b; }
static signed char sat8(int v) { return (signed char)(v > 127 ? 127 : v < -128 ? -128 : v); }

int main(int argc, char **argv) {
    (void)argv;
    int local[4] = {5, 6, 7, 8};
    int *heap = malloc(4 * sizeof *heap);
    for (int i = 0; i < 4; i++) heap[i] = i * i;
    long sum = 0;
    for (int i = 0; i < 16; i++) {
        int *p = pick(i & 1, ga, gb);
        int *q = pick(i & 2, local, heap);
        int *r = (i % 3 == 0) ? p : q;
        sum += r[i & 3] * (i + 1);
        printf("%d ", *pick(i > 7, &p[1], &q[2]));
    }
    printf("\nsum %ld\n", sum);
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            printf("%d%d and=%s or=%s xor=%s\n", a, b, name(both(a, b)), name(either(a, b)), name(xorb(a, b)));
    int vals[] = {-100, -5, 0, 5, 42, 1000, argc - 1};
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++)
        printf("clamp(%d)=%d sat8(%d)=%d\n", vals[i], clamp(vals[i], -10, 40), vals[i] * 3, sat8(vals[i] * 3));
    printf("umin3 %u %u\n", umin3(5, 3u, 4000000000u), umin3(4000000000u, 4000000001u, 4000000002u));
    printf("smax %lld %lld\n", smax(-(1LL << 62), 3), smax(-5, -7));
    bool flags[8];
    for (int i = 0; i < 8; i++) flags[i] = (i * 7 + 3) % 5 > 2;
    int cnt = 0;
    for (int i = 0; i < 8; i++) cnt += flags[i] ? 1 : 0;
    unsigned char bits = 0;
    for (int i = 0; i < 8; i++) bits |= (unsigned char)(flags[i] << i);
    printf("cnt %d bits %#x\n", cnt, bits);
    free(heap);
    return 0;
}
