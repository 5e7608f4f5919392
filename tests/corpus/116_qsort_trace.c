// CFLAGS: -O1
// qsort on elements of 1, 4, 8, 12, 40 and 64 bytes (glibc merge sort, direct and indirect), stability of equal keys, bsearch hits and misses, n=0 and n=1.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int key; char name[8]; };
struct fat { long key; long pad[4]; };
struct huge { int key; char blob[60]; };

static int calls;
static int cmp_int(const void *a, const void *b) { calls++; int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static int cmp_char(const void *a, const void *b) { calls++; return *(const signed char *)a - *(const signed char *)b; }
static int cmp_long_desc(const void *a, const void *b) { calls++; long x = *(const long *)a, y = *(const long *)b; return (y > x) - (y < x); }
static int cmp_rec(const void *a, const void *b) {
    const struct rec *p = a, *q = b;
    return (p->key / 10) - (q->key / 10);
}
static int cmp_fat(const void *a, const void *b) { calls++; const struct fat *p = a, *q = b; return (p->key > q->key) - (p->key < q->key); }
static int cmp_huge(const void *a, const void *b) { calls++; return ((const struct huge *)a)->key % 7 - ((const struct huge *)b)->key % 7; }

int main(void) {
    int ints[23];
    unsigned s = 12345;
    for (int i = 0; i < 23; i++) { s = s * 1103515245u + 12345u; ints[i] = (int)(s >> 16) % 100 - 50; }
    qsort(ints, 23, sizeof ints[0], cmp_int);
    for (int i = 0; i < 23; i++) printf("%d ", ints[i]);
    printf("\n");
    int key = ints[7], *hit = bsearch(&key, ints, 23, sizeof(int), cmp_int);
    int miss = 1000;
    printf("hit idx %ld miss %p\n", (long)(hit - ints) <= 7, bsearch(&miss, ints, 23, sizeof(int), cmp_int));
    signed char cs[] = "the quick brown fox";
    calls = 0;
    qsort(cs, strlen((char *)cs), 1, cmp_char);
    printf("[%s]\n", (char *)cs);
    long ls[10] = {5, -3, 9, 9, 0, 1L << 40, -7, 2, 2, 8};
    calls = 0;
    qsort(ls, 10, sizeof(long), cmp_long_desc);
    for (int i = 0; i < 10; i++) printf("%ld ", ls[i]);
    printf("\n");
    struct rec rs[7] = {{31, "a"}, {12, "b"}, {35, "c"}, {17, "d"}, {30, "e"}, {11, "f"}, {39, "g"}};
    qsort(rs, 7, sizeof rs[0], cmp_rec);
    for (int i = 0; i < 7; i++) printf("%d%s ", rs[i].key, rs[i].name);
    printf("\n");
    struct fat fs[9];
    for (int i = 0; i < 9; i++) { fs[i].key = (i * 5) % 9; fs[i].pad[0] = i; }
    calls = 0;
    qsort(fs, 9, sizeof fs[0], cmp_fat);
    for (int i = 0; i < 9; i++) printf("%ld/%ld ", fs[i].key, fs[i].pad[0]);
    printf("\n");
    struct huge hs[11];
    for (int i = 0; i < 11; i++) { hs[i].key = i * 3; snprintf(hs[i].blob, sizeof hs[i].blob, "item%d", i); }
    calls = 0;
    qsort(hs, 11, sizeof hs[0], cmp_huge);
    for (int i = 0; i < 11; i++) printf("%s ", hs[i].blob);
    printf("\n");
    qsort(hs, 0, sizeof hs[0], cmp_huge);
    qsort(hs, 1, sizeof hs[0], cmp_huge);
    printf("trivial %s\n", hs[0].blob);
    return 0;
}
