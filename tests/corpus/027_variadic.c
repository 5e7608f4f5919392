// User-defined variadic functions with va_list/va_arg: ints, longs, doubles, char*, va_copy.
#include <stdio.h>
#include <stdarg.h>

static int sum_ints(int n, ...) {
    va_list ap; va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static long sum_longs(int n, ...) {
    va_list ap; va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long);
    va_end(ap);
    return s;
}
static double avg(int n, ...) {
    va_list ap; va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return n ? s / n : 0;
}
static int concat(char *out, ...) {
    va_list ap; va_start(ap, out);
    int len = 0;
    const char *s;
    while ((s = va_arg(ap, const char *)) != NULL) while (*s) out[len++] = *s++;
    out[len] = 0;
    va_end(ap);
    return len;
}
/* mini formatter: i=int l=long d=double s=string c=char */
static void show(const char *fmt, ...) {
    va_list ap, ap2; va_start(ap, fmt); va_copy(ap2, ap);
    int count = 0;
    for (const char *f = fmt; *f; f++) {
        switch (*f) {
        case 'i': printf("int:%d ", va_arg(ap, int)); break;
        case 'l': printf("long:%ld ", va_arg(ap, long)); break;
        case 'd': printf("dbl:%.3f ", va_arg(ap, double)); break;
        case 's': printf("str:%s ", va_arg(ap, char *)); break;
        case 'c': printf("chr:%c ", va_arg(ap, int)); break;
        }
        count++;
    }
    printf("| first again: ");
    if (fmt[0] == 'i' || fmt[0] == 'c') printf("%d", va_arg(ap2, int));
    else if (fmt[0] == 'd') printf("%.1f", va_arg(ap2, double));
    printf(" (%d args)\n", count);
    va_end(ap2); va_end(ap);
}
static int max_of(int first, ...) {
    va_list ap; va_start(ap, first);
    int m = first, v;
    while ((v = va_arg(ap, int)) >= 0) if (v > m) m = v;
    va_end(ap);
    return m;
}

int main(void) {
    printf("sum_ints %d %d %d\n", sum_ints(0), sum_ints(3, 1, 2, 3), sum_ints(8, 1, -2, 3, -4, 5, -6, 7, -8));
    printf("sum_longs %ld\n", sum_longs(4, 10000000000L, -1L, 1L << 40, 7L));
    printf("avg %.4f %.4f\n", avg(3, 1.0, 2.0, 4.0), avg(10, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5));
    char buf[64];
    int n = concat(buf, "var", "iadic", " ", "strings", NULL);
    printf("concat '%s' len %d\n", buf, n);
    show("ilds", 42, -7L, 3.14159, "hi");
    short sh = -3; char ch = 'z'; float fl = 2.5f;
    show("icd", sh, ch, fl);
    show("dddddddddi", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 99);
    show("iiiiiiiil", 1, 2, 3, 4, 5, 6, 7, 8, 9L);
    printf("max_of %d\n", max_of(3, 9, 4, 27, 8, -1));
    return 0;
}
