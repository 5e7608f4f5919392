// A tokenizer for a C-like expression language plus a recursive-descent evaluator with variables.
#include <stdio.h>
#include <ctype.h>
#include <string.h>

enum tk { T_NUM, T_ID, T_OP, T_LP, T_RP, T_EQ, T_SEMI, T_END };
struct token { enum tk kind; long num; char text[16]; };
static struct token toks[256];
static int ntok, pos;
static char var_names[16][16];
static long var_vals[16];
static int nvars;

static void tokenize(const char *s) {
    ntok = 0;
    while (*s) {
        if (isspace((unsigned char)*s)) { s++; continue; }
        struct token *t = &toks[ntok++];
        t->text[0] = 0; t->num = 0;
        if (isdigit((unsigned char)*s)) { t->kind = T_NUM; while (isdigit((unsigned char)*s)) t->num = t->num * 10 + (*s++ - '0'); }
        else if (isalpha((unsigned char)*s) || *s == '_') {
            int k = 0; t->kind = T_ID;
            while ((isalnum((unsigned char)*s) || *s == '_') && k < 15) t->text[k++] = *s++;
            t->text[k] = 0;
        }
        else if (*s == '(') { t->kind = T_LP; s++; }
        else if (*s == ')') { t->kind = T_RP; s++; }
        else if (*s == ';') { t->kind = T_SEMI; s++; }
        else if (*s == '=') { t->kind = T_EQ; s++; }
        else { t->kind = T_OP; t->text[0] = *s++; t->text[1] = 0; }
    }
    toks[ntok].kind = T_END;
}
static long *var(const char *name) {
    for (int i = 0; i < nvars; i++) if (!strcmp(var_names[i], name)) return &var_vals[i];
    strcpy(var_names[nvars], name); var_vals[nvars] = 0;
    return &var_vals[nvars++];
}
static long expr(void);
static long primary(void) {
    struct token *t = &toks[pos++];
    if (t->kind == T_NUM) return t->num;
    if (t->kind == T_ID) return *var(t->text);
    if (t->kind == T_LP) { long v = expr(); pos++; return v; }
    if (t->kind == T_OP && t->text[0] == '-') return -primary();
    return 0;
}
static long term(void) {
    long v = primary();
    while (toks[pos].kind == T_OP && strchr("*/%", toks[pos].text[0])) {
        char op = toks[pos++].text[0];
        long r = primary();
        v = op == '*' ? v * r : r == 0 ? 0 : op == '/' ? v / r : v % r;
    }
    return v;
}
static long expr(void) {
    long v = term();
    while (toks[pos].kind == T_OP && (toks[pos].text[0] == '+' || toks[pos].text[0] == '-')) {
        char op = toks[pos++].text[0];
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

int main(void) {
    const char *src = "x = 6 * 7; y = (x - 2) / 5 + -3; z = x % 5 * (y + 100); w = z - x * y; total = x + y + z + w";
    tokenize(src);
    static const char *kinds[] = {"NUM", "ID", "OP", "LP", "RP", "EQ", "SEMI", "END"};
    for (int i = 0; i <= ntok; i++) {
        printf("%s", kinds[toks[i].kind]);
        if (toks[i].kind == T_NUM) printf("(%ld)", toks[i].num);
        else if (toks[i].kind == T_ID || toks[i].kind == T_OP) printf("(%s)", toks[i].text);
        putchar(i % 10 == 9 ? '\n' : ' ');
    }
    printf("\n%d tokens\n", ntok);
    pos = 0;
    while (toks[pos].kind != T_END) {
        if (toks[pos].kind == T_ID && toks[pos + 1].kind == T_EQ) {
            long *dst = var(toks[pos].text);
            const char *name = toks[pos].text;
            pos += 2;
            *dst = expr();
            printf("%s = %ld\n", name, *dst);
        }
        if (toks[pos].kind == T_SEMI) pos++;
        else if (toks[pos].kind != T_END) { printf("syntax error at token %d\n", pos); break; }
    }
    printf("%d variables\n", nvars);
    return 0;
}
