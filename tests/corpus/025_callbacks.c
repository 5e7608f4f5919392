// Function pointers as callbacks: map/filter/reduce, event handlers with user data, comparators.
#include <stdio.h>

typedef int (*unary)(int);
typedef int (*pred)(int);
typedef int (*reducer)(int, int);
typedef void (*handler)(const char *evt, void *ud);

static int square(int x) { return x * x; }
static int negate(int x) { return -x; }
static int plus3(int x) { return x + 3; }
static int is_even(int x) { return x % 2 == 0; }
static int is_pos(int x) { return x > 0; }
static int add(int a, int b) { return a + b; }
static int maxf(int a, int b) { return a > b ? a : b; }

static void map(int *a, int n, unary f) { for (int i = 0; i < n; i++) a[i] = f(a[i]); }
static int filter(const int *a, int n, pred p, int *out) { int k = 0; for (int i = 0; i < n; i++) if (p(a[i])) out[k++] = a[i]; return k; }
static int reduce(const int *a, int n, reducer r, int init) { for (int i = 0; i < n; i++) init = r(init, a[i]); return init; }
static int compose_apply(unary *fs, int nf, int x) { for (int i = 0; i < nf; i++) x = fs[i](x); return x; }

struct counter { int clicks, keys; };
static void on_click(const char *e, void *ud) { ((struct counter *)ud)->clicks++; printf("click:%s\n", e); }
static void on_key(const char *e, void *ud) { ((struct counter *)ud)->keys += e[0]; printf("key:%s\n", e); }
static void dispatch(handler *hs, int n, const char **events, int ne, void *ud) {
    for (int i = 0; i < ne; i++) hs[i % n](events[i], ud);
}

int main(void) {
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i - 4;
    map(a, 10, square);
    for (int i = 0; i < 10; i++) printf("%d ", a[i]);
    printf("\n");
    int out[10];
    int k = filter(a, 10, is_even, out);
    printf("evens %d: sum %d max %d\n", k, reduce(out, k, add, 0), reduce(out, k, maxf, -1));
    map(a, 10, negate);
    map(a, 10, plus3);
    k = filter(a, 10, is_pos, out);
    printf("positives %d:", k);
    for (int i = 0; i < k; i++) printf(" %d", out[i]);
    printf("\n");
    unary chain[] = {plus3, square, negate, plus3};
    for (int x = -2; x <= 2; x++) printf("chain(%d)=%d\n", x, compose_apply(chain, 4, x));
    handler hs[] = {on_click, on_key};
    const char *events[] = {"a", "b", "c", "d", "e"};
    struct counter c = {0, 0};
    dispatch(hs, 2, events, 5, &c);
    printf("clicks %d keys %d\n", c.clicks, c.keys);
    int (*pick)(int, int) = c.clicks > 2 ? add : maxf;
    printf("picked result %d\n", pick(40, 2));
    return 0;
}
