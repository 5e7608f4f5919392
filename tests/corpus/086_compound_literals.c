// Compound literals, designated initializers, sizeof/alignof of many types, ternary chains, comma, volatile.
#include <stdio.h>
#include <stddef.h>
#include <stdalign.h>

struct cfg { int a; double b; const char *c; int arr[4]; };
static int sum4(const int *p) { return p[0] + p[1] + p[2] + p[3]; }
static const char *grade(int s) { return s >= 90 ? "A" : s >= 80 ? "B" : s >= 70 ? "C" : s >= 60 ? "D" : "F"; }

int main(void) {
    printf("sum of literal %d\n", sum4((int[]){1, 2, 3, 4}));
    printf("sum of designated %d\n", sum4((int[4]){[3] = 10, [1] = 5}));
    struct cfg c = {.c = "named", .arr = {[2] = 7}, .a = 3};
    printf("cfg a=%d b=%.1f c=%s arr=%d%d%d%d\n", c.a, c.b, c.c, c.arr[0], c.arr[1], c.arr[2], c.arr[3]);
    c = (struct cfg){.a = -1, .b = 2.5, .c = "reassigned", .arr = {9, 8, 7, 6}};
    printf("cfg a=%d b=%.1f c=%s arrsum=%d\n", c.a, c.b, c.c, sum4(c.arr));
    int *p = (int[]){10, 20, 30, 40};
    p[1] += 5;
    printf("mutable literal %d\n", sum4(p));
    printf("sizes: char %zu short %zu int %zu long %zu llong %zu float %zu double %zu ptr %zu cfg %zu\n",
           sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long), sizeof(float), sizeof(double),
           sizeof(void *), sizeof(struct cfg));
    printf("align: short %zu int %zu double %zu cfg %zu\n", alignof(short), alignof(int), alignof(double), alignof(struct cfg));
    struct padded { char a; double b; char c; int d; short e; };
    printf("padded size %zu offsets %zu %zu %zu %zu\n", sizeof(struct padded), offsetof(struct padded, b),
           offsetof(struct padded, c), offsetof(struct padded, d), offsetof(struct padded, e));
    int scores[] = {95, 85, 75, 65, 55, 90, 60};
    for (int i = 0; i < 7; i++) printf("%d%s ", scores[i], grade(scores[i]));
    printf("\n");
    int x = (printf("side effect 1, "), printf("side effect 2, "), 42);
    printf("comma result %d\n", x);
    volatile int v = 0;
    for (int i = 0; i < 100; i++) v += i;
    printf("volatile sum %d\n", v);
    const int table[] = {[5] = 50, [1] = 10, [3] = 30};
    printf("table size %zu:", sizeof table / sizeof table[0]);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) printf(" %d", table[i]);
    printf("\n");
    char str_arr[] = "abc";
    printf("sizeof string array %zu, sizeof literal %zu\n", sizeof str_arr, sizeof "hello");
    int n = 5;
    int arr_vla_free[3][4];
    printf("sizeof 2d %zu row %zu, sizeof n++ does not evaluate: %zu n=%d\n", sizeof arr_vla_free, sizeof arr_vla_free[0], sizeof(n++), n);
    return 0;
}
