// Global tables of function pointers: calculator dispatch, struct of fn pointers, fn returning fn.
#include <stdio.h>
#include <string.h>

static long op_add(long a, long b) { return a + b; }
static long op_sub(long a, long b) { return a - b; }
static long op_mul(long a, long b) { return a * b; }
static long op_div(long a, long b) { return b ? a / b : 0; }
static long op_mod(long a, long b) { return b ? a % b : 0; }
static long op_pow(long a, long b) { long r = 1; while (b-- > 0) r *= a; return r; }

typedef long (*binop)(long, long);
struct entry { const char *name; char sym; binop fn; };
static const struct entry table[] = {
    {"add", '+', op_add}, {"sub", '-', op_sub}, {"mul", '*', op_mul},
    {"div", '/', op_div}, {"mod", '%', op_mod}, {"pow", '^', op_pow},
};
static binop by_index[] = {op_add, op_sub, op_mul, op_div, op_mod, op_pow};
#define NOPS (sizeof table / sizeof table[0])

static binop lookup(char sym) {
    for (unsigned i = 0; i < NOPS; i++) if (table[i].sym == sym) return table[i].fn;
    return NULL;
}
static binop (*get_lookup(void))(char) { return lookup; }

struct shape_ops { double (*area)(double); double (*perim)(double); const char *name; };
static double sq_area(double s) { return s * s; }
static double sq_perim(double s) { return 4 * s; }
static double circ_area(double r) { return 3.14159 * r * r; }
static double circ_perim(double r) { return 2 * 3.14159 * r; }
static const struct shape_ops shapes[] = {{sq_area, sq_perim, "square"}, {circ_area, circ_perim, "circle"}};

int main(void) {
    for (unsigned i = 0; i < NOPS; i++)
        printf("%s: 17 %c 5 = %ld\n", table[i].name, table[i].sym, table[i].fn(17, 5));
    const char *expr = "3+4*2-5^2/3%7";
    long acc = expr[0] - '0';
    binop (*lk)(char) = get_lookup();
    for (size_t i = 1; i + 1 < strlen(expr) + 1; i += 2) {
        binop f = lk(expr[i]);
        acc = f ? f(acc, expr[i + 1] - '0') : acc;
        printf("after %c%c acc=%ld\n", expr[i], expr[i + 1], acc);
    }
    printf("lookup('?') is null: %d\n", lookup('?') == NULL);
    long v = 1000;
    for (int i = 0; i < 12; i++) {
        v = by_index[i % 6](v, i % 6 == 5 ? 2 : i + 7);
        printf("%ld ", v);
    }
    printf("chained %ld\n", v);
    printf("same fn: %d %d\n", by_index[2] == table[2].fn, by_index[0] == op_sub);
    for (int i = 0; i < 2; i++)
        printf("%s r=2: area %.4f perim %.4f\n", shapes[i].name, shapes[i].area(2), (*shapes[i].perim)(2));
    return 0;
}
