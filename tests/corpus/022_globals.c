// Globals with initializers: strings, arrays, structs, arrays of pointers to other globals.
#include <stdio.h>
#include <string.h>

int counter = 10;
long big_table[8] = {1, 1, 2, 6, 24, 120, 720, 5040};
short partial[10] = {5, 4, 3};
const char greeting[] = "hello, globals";
const char *words[] = {"alpha", "beta", "gamma", "delta", NULL};
char mutable_buf[32] = "mutable";
double weights[] = {0.25, 0.5, 1.75};
struct config { const char *name; int level; double ratio; int flags[3]; };
struct config cfg = {"default", 3, 0.75, {1, 0, 1}};
struct config cfgs[] = {{"fast", 1, 0.1, {0}}, {"safe", 9, 0.9, {1, 1, 1}}};
int *int_ptrs[] = {&counter, &cfg.level, &cfgs[1].level};
long *long_ptr = &big_table[5];
const char **word_ptr = &words[2];
struct config *cfg_ptrs[] = {&cfg, &cfgs[0], &cfgs[1]};
char *char_ptr = mutable_buf + 3;
static int hidden = -7;
int zeroed[5];
struct node { int v; struct node *next; };
struct node n3 = {3, NULL}, n2 = {2, &n3}, n1 = {1, &n2};

static void bump(void) { counter++; hidden--; }

int main(void) {
    printf("counter=%d hidden=%d\n", counter, hidden);
    bump(); bump();
    printf("counter=%d hidden=%d\n", counter, hidden);
    long s = 0;
    for (int i = 0; i < 8; i++) s += big_table[i];
    printf("table sum %ld, *long_ptr %ld\n", s, *long_ptr);
    for (int i = 0; i < 10; i++) printf("%d", partial[i]);
    printf("\n%s (%zu)\n", greeting, sizeof greeting);
    for (const char **w = words; *w; w++) printf("[%s]", *w);
    printf(" word_ptr -> %s\n", *word_ptr);
    strcat(mutable_buf, " buffer");
    printf("%s / %s\n", mutable_buf, char_ptr);
    printf("weights %.2f %.2f %.2f\n", weights[0], weights[1], weights[2]);
    for (int i = 0; i < 3; i++) {
        struct config *c = cfg_ptrs[i];
        printf("%s level=%d ratio=%.2f flags=%d%d%d\n", c->name, c->level, c->ratio, c->flags[0], c->flags[1], c->flags[2]);
    }
    for (int i = 0; i < 3; i++) *int_ptrs[i] *= 2;
    printf("after doubling: counter %d cfg.level %d cfgs[1].level %d\n", counter, cfg.level, cfgs[1].level);
    int zs = 0;
    for (int i = 0; i < 5; i++) zs += zeroed[i];
    printf("zeroed sum %d\n", zs);
    for (struct node *n = &n1; n; n = n->next) printf("node %d\n", n->v);
    return 0;
}
