// qsort with comparators: ints asc/desc, strings, structs with multi-key compare, doubles.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }
static int cmp_len_then_alpha(const void *a, const void *b) {
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    size_t lx = strlen(x), ly = strlen(y);
    if (lx != ly) return lx < ly ? -1 : 1;
    return strcmp(x, y);
}
struct person { char name[10]; int age; double height; };
static int cmp_person(const void *a, const void *b) {
    const struct person *p = a, *q = b;
    if (p->age != q->age) return p->age - q->age;
    return strcmp(p->name, q->name);
}
static int cmp_double(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static int cmp_abs_mod(const void *a, const void *b) {
    int x = abs(*(const int *)a) % 10, y = abs(*(const int *)b) % 10;
    if (x != y) return x - y;
    return cmp_int(a, b);
}

int main(void) {
    int a[20];
    unsigned s = 99;
    for (int i = 0; i < 20; i++) { s = s * 1103515245u + 12345u; a[i] = (int)((s >> 16) % 200) - 100; }
    qsort(a, 20, sizeof a[0], cmp_int);
    for (int i = 0; i < 20; i++) printf("%d ", a[i]);
    printf("\n");
    qsort(a, 20, sizeof a[0], cmp_int_desc);
    for (int i = 0; i < 20; i++) printf("%d ", a[i]);
    printf("\n");
    qsort(a, 20, sizeof a[0], cmp_abs_mod);
    for (int i = 0; i < 20; i++) printf("%d ", a[i]);
    printf("\n");
    const char *words[] = {"pear", "apple", "fig", "banana", "kiwi", "date", "cherry", "elderberry", "grape", "lime"};
    qsort(words, 10, sizeof words[0], cmp_str);
    for (int i = 0; i < 10; i++) printf("%s ", words[i]);
    printf("\n");
    qsort(words, 10, sizeof words[0], cmp_len_then_alpha);
    for (int i = 0; i < 10; i++) printf("%s ", words[i]);
    printf("\n");
    struct person ps[] = {{"zed", 30, 1.8}, {"amy", 25, 1.6}, {"bob", 30, 1.75}, {"cat", 22, 1.55}, {"abe", 30, 1.9}, {"dan", 25, 1.7}};
    qsort(ps, 6, sizeof ps[0], cmp_person);
    for (int i = 0; i < 6; i++) printf("%s/%d/%.2f ", ps[i].name, ps[i].age, ps[i].height);
    printf("\n");
    double d[8] = {3.5, -1.25, 2.0, 1e10, -1e-3, 0.0, 2.0, -7.75};
    qsort(d, 8, sizeof d[0], cmp_double);
    for (int i = 0; i < 8; i++) printf("%g ", d[i]);
    printf("\n");
    int one[1] = {5};
    qsort(one, 1, sizeof one[0], cmp_int);
    qsort(one, 0, sizeof one[0], cmp_int);
    printf("single %d\n", one[0]);
    return 0;
}
