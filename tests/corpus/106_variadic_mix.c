// CFLAGS: -O1
// Variadic functions taking mixed int/long long/double/pointer/struct arguments, va_copy reuse, forwarding a va_list, many doubles.
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

struct pt { int x, y; };
struct big { long a, b, c; };
struct d2 { double u, v; };

static double mixed(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    double acc = 0;
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': acc += va_arg(ap, int); break;
        case 'L': acc += (double)va_arg(ap, long long); break;
        case 'd': acc += va_arg(ap, double); break;
        case 'c': acc += (char)va_arg(ap, int); break;
        case 's': acc += (double)strlen(va_arg(ap, const char *)); break;
        case 'p': { struct pt q = va_arg(ap, struct pt); acc += q.x * 10 + q.y; break; }
        case 'b': { struct big g = va_arg(ap, struct big); acc += (double)(g.a + g.b + g.c); break; }
        case 'D': { struct d2 g = va_arg(ap, struct d2); acc += g.u * g.v; break; }
        }
    }
    va_end(ap);
    return acc;
}

static int sum_twice(int n, ...) {
    va_list ap, cp;
    va_start(ap, n);
    va_copy(cp, ap);
    int s1 = 0, s2 = 0;
    for (int i = 0; i < n; i++) s1 += va_arg(ap, int);
    for (int i = 0; i < n; i++) s2 += va_arg(cp, int) * (i + 1);
    va_end(cp);
    va_end(ap);
    return s1 * 1000 + s2;
}

static int vfmt(char *buf, size_t n, const char *fmt, va_list ap) { return vsnprintf(buf, n, fmt, ap); }
static int fmt(char *buf, size_t n, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    int r = vfmt(buf, n, f, ap);
    va_end(ap);
    return r;
}

static double avg(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s / n;
}

int main(void) {
    struct pt p = {3, 4};
    struct big g = {1L << 40, -5, 7};
    struct d2 dv = {1.5, -2.0};
    printf("%.3f\n", mixed("iLdcs", 5, 1LL << 50, 0.25, 'A', "hello"));
    printf("%.3f\n", mixed("pbDip", p, g, dv, -9, (struct pt){-1, -1}));
    printf("%.3f\n", mixed("dddddddddddi", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12));
    printf("%d %d\n", sum_twice(4, 1, 2, 3, 4), sum_twice(0));
    char buf[64];
    int r = fmt(buf, sizeof buf, "%s-%05d-%.2e-%c-%lld", "abc", -42, 12345.678, 'Z', -(1LL << 40));
    printf("%d [%s]\n", r, buf);
    r = fmt(buf, 8, "%d%d%d%d", 1111, 2222, 3333, 4444);
    printf("%d [%s]\n", r, buf);
    printf("%.4f %.4f\n", avg(3, 1.0, 2.0, 4.0), avg(9, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 10.0));
    return 0;
}
