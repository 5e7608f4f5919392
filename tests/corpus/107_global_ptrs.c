// CFLAGS: -O1
// Global initializers with pointer arithmetic: &arr[3], one-past-end, (char*)&s + offsetof, pointers to pointers, string tables, self-referential lists, function pointers in tables.
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct node { int val; struct node *next; };
struct cfg { char tag[6]; short w; long big; double ratio; };

int arr[10] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81};
int *p3 = &arr[3];
int *pend = arr + 10;
int *pneg = &arr[9] - 4;
struct cfg conf = {"cfg01", -7, 1L << 45, 0.375};
char *pw = (char *)&conf + offsetof(struct cfg, w);
long *pbig = &conf.big;
const char *names[] = {"zero", "one", "two", "three", "four"};
const char **pnames = &names[2];
const char *const *ppn[] = {&names[4], &names[0]};
char text[] = "abcdefghij";
char *mid = text + 5;
struct node n3 = {3, 0}, n2 = {2, &n3}, n1 = {1, &n2};
struct node ring_a, ring_b = {20, &ring_a}, ring_a = {10, &ring_b};
struct node *head = &n1;
static int twice(int x) { return 2 * x; }
static int sq(int x) { return x * x; }
static int neg(int x) { return -x; }
int (*ops[])(int) = {twice, sq, neg, twice};
int (**opp)(int) = &ops[1];
struct { int (*f)(int); const char *n; } named[] = {{sq, "sq"}, {neg, "neg"}};
const char tbl[][8] = {"alpha", "beta", "gamma"};
const char *tbl_p = tbl[2] + 1;
long diff = (char *)&arr[7] - (char *)&arr[2];
size_t offs[] = {offsetof(struct cfg, w), offsetof(struct cfg, big), offsetof(struct cfg, ratio), sizeof(struct cfg)};
double *pr = &conf.ratio;
int matrix[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
int (*prow)[4] = &matrix[1];
int *pcell = &matrix[2][3];

int main(void) {
    printf("%d %d %ld %d\n", *p3, pend[-1], (long)(pend - arr), *pneg);
    short w; memcpy(&w, pw, sizeof w);
    printf("%d %ld %s %g\n", w, *pbig, conf.tag, *pr);
    printf("%s %s %s %s\n", *pnames, pnames[1], *ppn[0], *ppn[1]);
    printf("%s %c\n", mid, mid[-5]);
    for (struct node *n = head; n; n = n->next) printf("n%d ", n->val);
    struct node *r = &ring_a;
    for (int i = 0; i < 5; i++) { printf("r%d ", r->val); r = r->next; }
    printf("\n");
    for (int i = 0; i < 4; i++) printf("%d ", ops[i](i + 3));
    printf("%d %d %s=%d %s=%d\n", (*opp)(9), opp[1](9), named[0].n, named[0].f(6), named[1].n, named[1].f(6));
    printf("%s %s %ld\n", tbl[1], tbl_p, diff);
    for (int i = 0; i < 4; i++) printf("%zu ", offs[i]);
    printf("\n%d %d %d\n", (*prow)[2], prow[1][0], *pcell);
    arr[3] = 333; *pw = 1;
    printf("%d %d\n", *p3, conf.w);
    return 0;
}
