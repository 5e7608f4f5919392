// STDIN: 12+34*(5-2) / 3\n-7 * -(2+1)\n100/7%4 + 2*2*2\n(1+2)*(3+4)*(5+6)\n
// Character-level expression calculator over stdin using getchar/ungetc lookahead, one expression per line.
#include <stdio.h>
#include <ctype.h>

static int peek(void) {
    int c;
    do c = getchar(); while (c == ' ' || c == '\t');
    if (c != EOF) ungetc(c, stdin);
    return c;
}
static long expr(void);
static long factor(void) {
    int c = peek();
    if (c == '(') { getchar(); long v = expr(); if (peek() == ')') getchar(); return v; }
    if (c == '-') { getchar(); return -factor(); }
    long v = 0;
    while ((c = getchar()) != EOF && isdigit(c)) v = v * 10 + (c - '0');
    if (c != EOF) ungetc(c, stdin);
    return v;
}
static long term(void) {
    long v = factor();
    for (;;) {
        int c = peek();
        if (c != '*' && c != '/' && c != '%') return v;
        getchar();
        long r = factor();
        v = c == '*' ? v * r : r == 0 ? 0 : c == '/' ? v / r : v % r;
    }
}
static long expr(void) {
    long v = term();
    for (;;) {
        int c = peek();
        if (c != '+' && c != '-') return v;
        getchar();
        long r = term();
        v = c == '+' ? v + r : v - r;
    }
}

int main(void) {
    int line = 0;
    long total = 0;
    while (peek() != EOF) {
        long v = expr();
        int c = peek();
        line++;
        printf("line %d = %ld (next char %d)\n", line, v, c);
        total += v;
        while ((c = getchar()) != EOF && c != '\n') printf("  skipping '%c'\n", c);
    }
    printf("%d expressions, total %ld\n", line, total);
    return 0;
}
