// CFLAGS: -O1
// Binary search tree: insert, search, traversals, height, delete, free.
#include <stdio.h>
#include <stdlib.h>

struct tree { int key; int count; struct tree *l, *r; };

static struct tree *insert(struct tree *t, int k) {
    if (!t) { t = calloc(1, sizeof *t); t->key = k; t->count = 1; return t; }
    if (k < t->key) t->l = insert(t->l, k);
    else if (k > t->key) t->r = insert(t->r, k);
    else t->count++;
    return t;
}
static int contains(const struct tree *t, int k) {
    while (t) { if (k == t->key) return 1; t = k < t->key ? t->l : t->r; }
    return 0;
}
static void inorder(const struct tree *t) { if (!t) return; inorder(t->l); printf(" %d", t->key); if (t->count > 1) printf("x%d", t->count); inorder(t->r); }
static void preorder(const struct tree *t) { if (!t) return; printf(" %d", t->key); preorder(t->l); preorder(t->r); }
static int height(const struct tree *t) { if (!t) return 0; int a = height(t->l), b = height(t->r); return 1 + (a > b ? a : b); }
static int size(const struct tree *t) { return t ? 1 + size(t->l) + size(t->r) : 0; }
static struct tree *delete(struct tree *t, int k) {
    if (!t) return NULL;
    if (k < t->key) t->l = delete(t->l, k);
    else if (k > t->key) t->r = delete(t->r, k);
    else {
        if (!t->l || !t->r) { struct tree *c = t->l ? t->l : t->r; free(t); return c; }
        struct tree *m = t->r;
        while (m->l) m = m->l;
        t->key = m->key; t->count = m->count; m->count = 1;
        t->r = delete(t->r, m->key);
    }
    return t;
}
static void destroy(struct tree *t) { if (!t) return; destroy(t->l); destroy(t->r); free(t); }
static long sum_depth(const struct tree *t, int d) { return t ? d + sum_depth(t->l, d + 1) + sum_depth(t->r, d + 1) : 0; }

int main(void) {
    struct tree *root = NULL;
    unsigned x = 7;
    for (int i = 0; i < 40; i++) { x = x * 1103515245u + 12345u; root = insert(root, (int)(x >> 16) % 100); }
    printf("inorder:"); inorder(root); printf("\n");
    printf("size %d height %d depthsum %ld\n", size(root), height(root), sum_depth(root, 0));
    for (int k = 0; k < 100; k += 9) printf("%d:%d ", k, contains(root, k));
    printf("\n");
    int dels[] = {50, 0, 99, 13, 37, 42, 71, 5};
    for (int i = 0; i < 8; i++) {
        int had = contains(root, dels[i]);
        root = delete(root, dels[i]);
        printf("delete %d (present %d) -> size %d height %d\n", dels[i], had, size(root), height(root));
    }
    printf("preorder:"); preorder(root); printf("\n");
    destroy(root);
    return 0;
}
