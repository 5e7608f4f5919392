// Heap-allocated expression trees: build, print infix/postfix, evaluate, simplify, derivative, free.
#include <stdio.h>
#include <stdlib.h>

enum kind { NUM, VAR, ADD, MUL, SUB };
struct node { enum kind k; double v; struct node *l, *r; };

static struct node *mk(enum kind k, double v, struct node *l, struct node *r) {
    struct node *n = malloc(sizeof *n); n->k = k; n->v = v; n->l = l; n->r = r; return n;
}
static struct node *num(double v) { return mk(NUM, v, NULL, NULL); }
static struct node *var(void) { return mk(VAR, 0, NULL, NULL); }
static struct node *bin(enum kind k, struct node *l, struct node *r) { return mk(k, 0, l, r); }
static void freet(struct node *n) { if (!n) return; freet(n->l); freet(n->r); free(n); }
static const char opch[] = {'?', 'x', '+', '*', '-'};

static void infix(const struct node *n) {
    if (n->k == NUM) { printf("%g", n->v); return; }
    if (n->k == VAR) { printf("x"); return; }
    printf("("); infix(n->l); printf(" %c ", opch[n->k]); infix(n->r); printf(")");
}
static void postfix(const struct node *n) {
    if (n->k == NUM) printf("%g ", n->v); else if (n->k == VAR) printf("x ");
    else { postfix(n->l); postfix(n->r); printf("%c ", opch[n->k]); }
}
static double eval(const struct node *n, double x) {
    switch (n->k) {
    case NUM: return n->v;
    case VAR: return x;
    case ADD: return eval(n->l, x) + eval(n->r, x);
    case SUB: return eval(n->l, x) - eval(n->r, x);
    case MUL: return eval(n->l, x) * eval(n->r, x);
    }
    return 0;
}
static struct node *copy(const struct node *n) { return n ? mk(n->k, n->v, copy(n->l), copy(n->r)) : NULL; }
static struct node *deriv(const struct node *n) {
    switch (n->k) {
    case NUM: return num(0);
    case VAR: return num(1);
    case ADD: case SUB: return bin(n->k, deriv(n->l), deriv(n->r));
    case MUL: return bin(ADD, bin(MUL, deriv(n->l), copy(n->r)), bin(MUL, copy(n->l), deriv(n->r)));
    }
    return NULL;
}
static struct node *simplify(struct node *n) {
    if (n->k == NUM || n->k == VAR) return n;
    n->l = simplify(n->l); n->r = simplify(n->r);
    if (n->l->k == NUM && n->r->k == NUM) { double v = eval(n, 0); freet(n); return num(v); }
    if (n->k == MUL && ((n->l->k == NUM && n->l->v == 0) || (n->r->k == NUM && n->r->v == 0))) { freet(n); return num(0); }
    struct node *keep = NULL;
    if (n->k == MUL && n->l->k == NUM && n->l->v == 1) keep = n->r, n->r = NULL;
    else if ((n->k == MUL && n->r->k == NUM && n->r->v == 1) || ((n->k == ADD || n->k == SUB) && n->r->k == NUM && n->r->v == 0)) keep = n->l, n->l = NULL;
    else if (n->k == ADD && n->l->k == NUM && n->l->v == 0) keep = n->r, n->r = NULL;
    if (keep) { freet(n); return keep; }
    return n;
}
static int count(const struct node *n) { return n ? 1 + count(n->l) + count(n->r) : 0; }

int main(void) {
    /* f(x) = (3x + 2)(x - 1) + x*x*x */
    struct node *f = bin(ADD, bin(MUL, bin(ADD, bin(MUL, num(3), var()), num(2)), bin(SUB, var(), num(1))), bin(MUL, var(), bin(MUL, var(), var())));
    printf("f = "); infix(f); printf("\npostfix: "); postfix(f); printf("\n");
    for (double x = -2; x <= 2; x += 1) printf("f(%g) = %g\n", x, eval(f, x));
    struct node *d = deriv(f);
    printf("raw derivative has %d nodes\n", count(d));
    d = simplify(d);
    printf("f' = "); infix(d); printf("\nsimplified nodes %d\n", count(d));
    for (double x = -2; x <= 2; x += 1) printf("f'(%g) = %g\n", x, eval(d, x));
    struct node *dd = simplify(deriv(d));
    printf("f'' = "); infix(dd); printf("\nf''(1) = %g\n", eval(dd, 1));
    freet(f); freet(d); freet(dd);
    return 0;
}
