// Separate-chaining hash table with string keys: insert/update/lookup/delete, resize, word counting.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; int value; struct entry *next; };
struct table { struct entry **buckets; size_t nb, count; };

static unsigned long hash(const char *s) { unsigned long h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
static void init(struct table *t, size_t nb) { t->buckets = calloc(nb, sizeof *t->buckets); t->nb = nb; t->count = 0; }
static void resize(struct table *t) {
    struct table n;
    init(&n, t->nb * 2);
    for (size_t i = 0; i < t->nb; i++)
        for (struct entry *e = t->buckets[i], *nx; e; e = nx) { nx = e->next; size_t b = hash(e->key) % n.nb; e->next = n.buckets[b]; n.buckets[b] = e; }
    free(t->buckets);
    n.count = t->count;
    *t = n;
}
static int *put(struct table *t, const char *key) {
    size_t b = hash(key) % t->nb;
    for (struct entry *e = t->buckets[b]; e; e = e->next) if (!strcmp(e->key, key)) return &e->value;
    if (t->count + 1 > t->nb * 3 / 4) { resize(t); b = hash(key) % t->nb; }
    struct entry *e = malloc(sizeof *e);
    e->key = strdup(key); e->value = 0; e->next = t->buckets[b]; t->buckets[b] = e;
    t->count++;
    return &e->value;
}
static int *get(struct table *t, const char *key) {
    for (struct entry *e = t->buckets[hash(key) % t->nb]; e; e = e->next) if (!strcmp(e->key, key)) return &e->value;
    return NULL;
}
static int del(struct table *t, const char *key) {
    for (struct entry **pp = &t->buckets[hash(key) % t->nb]; *pp; pp = &(*pp)->next)
        if (!strcmp((*pp)->key, key)) { struct entry *d = *pp; *pp = d->next; free(d->key); free(d); t->count--; return 1; }
    return 0;
}
static void destroy(struct table *t) {
    for (size_t i = 0; i < t->nb; i++) for (struct entry *e = t->buckets[i], *nx; e; e = nx) { nx = e->next; free(e->key); free(e); }
    free(t->buckets);
}

int main(void) {
    struct table t;
    init(&t, 4);
    const char *text = "it was the best of times it was the worst of times it was the age of wisdom it was the age of foolishness";
    char buf[256];
    strcpy(buf, text);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        size_t before = t.nb;
        (*put(&t, w))++;
        if (t.nb != before) printf("resized %zu -> %zu at '%s'\n", before, t.nb, w);
    }
    printf("distinct %zu buckets %zu\n", t.count, t.nb);
    const char *qs[] = {"it", "was", "the", "of", "times", "age", "wisdom", "nothing"};
    for (int i = 0; i < 8; i++) { int *v = get(&t, qs[i]); printf("%s=%d ", qs[i], v ? *v : -1); }
    printf("\n");
    int d1 = del(&t, "the");
    int d2 = del(&t, "zzz");
    printf("del the %d, del zzz %d, count %zu\n", d1, d2, t.count);
    printf("the now %s\n", get(&t, "the") ? "present" : "absent");
    for (int i = 0; i < 200; i++) { char k[16]; snprintf(k, sizeof k, "key%d", i); *put(&t, k) = i * i; }
    long s = 0;
    for (int i = 0; i < 200; i += 7) { char k[16]; snprintf(k, sizeof k, "key%d", i); s += *get(&t, k); }
    size_t longest = 0, empty = 0;
    for (size_t i = 0; i < t.nb; i++) { size_t l = 0; for (struct entry *e = t.buckets[i]; e; e = e->next) l++; if (l > longest) longest = l; empty += l == 0; }
    printf("sum %ld count %zu buckets %zu longest chain %zu empty %zu\n", s, t.count, t.nb, longest, empty);
    destroy(&t);
    return 0;
}
