// CFLAGS: -O1
// Recursion through function pointers, mutual recursion via tables, functions returning function pointers, callbacks with void* context, generic apply.
#include <stdio.h>

typedef long (*unop)(long);
typedef struct ctx { int depth; long acc; } ctx;
typedef void (*visit)(void *, int);

static long fact(long n);
static long fib(long n);
static unop table[2] = {fact, fib};
static long fact(long n) { return n <= 1 ? 1 : n * table[0](n - 1); }
static long fib(long n) { return n < 2 ? n : table[1](n - 1) + table[1](n - 2); }

static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int (*parity[2])(unsigned) = {is_even, is_odd};

static long inc(long x) { return x + 1; }
static long dbl(long x) { return x * 2; }
static unop choose(int k) { return k % 3 == 0 ? inc : k % 3 == 1 ? dbl : fact; }
static long compose(unop *fs, int n, long x) { return n == 0 ? x : compose(fs + 1, n - 1, fs[0](x)); }

static void count(void *c, int v) { ((ctx *)c)->acc += v; }
static void mulv(void *c, int v) { ctx *k = c; k->acc = k->acc * 3 + v; k->depth++; }
static void each(int lo, int hi, visit f, void *c) { if (lo > hi) return; f(c, lo); each(lo + 1, hi, f, c); }

static long ackermann(long m, long n, long (*self)(long, long, void *), void *u);
static long ack_thunk(long m, long n, void *u) { return ackermann(m, n, ack_thunk, u); }
static long ackermann(long m, long n, long (*self)(long, long, void *), void *u) {
    ++*(long *)u;
    if (m == 0) return n + 1;
    if (n == 0) return self(m - 1, 1, u);
    return self(m - 1, self(m, n - 1, u), u);
}

int main(void) {
    printf("%ld %ld\n", table[0](15), table[1](20));
    printf("%d %d %d\n", parity[0](10), parity[1](7), parity[0](333));
    unop chain[6];
    for (int k = 0; k < 6; k++) chain[k] = choose(k);
    printf("%ld %ld\n", compose(chain, 3, 3), compose(chain, 6, 0));
    ctx c = {0, 0};
    each(1, 100, count, &c);
    printf("%ld\n", c.acc);
    c.acc = 0;
    each(1, 12, mulv, &c);
    printf("%ld %d\n", c.acc, c.depth);
    long calls = 0;
    printf("ack %ld", ackermann(2, 3, ack_thunk, &calls));
    printf(" calls %ld\n", calls);
    void *vp = (void *)fib;
    unop back = (unop)vp;
    printf("%ld %d\n", back(12), back == fib);
    return 0;
}
