// Dynamic arrays (vector) with realloc growth, generic element size via memcpy, stack/queue use.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec { void *data; size_t len, cap, elem; };

static void vec_init(struct vec *v, size_t elem) { v->data = NULL; v->len = v->cap = 0; v->elem = elem; }
static void *vec_at(struct vec *v, size_t i) { return (char *)v->data + i * v->elem; }
static void vec_push(struct vec *v, const void *x) {
    if (v->len == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 2;
        v->data = realloc(v->data, v->cap * v->elem);
    }
    memcpy(vec_at(v, v->len++), x, v->elem);
}
static int vec_pop(struct vec *v, void *out) {
    if (!v->len) return 0;
    memcpy(out, vec_at(v, --v->len), v->elem);
    return 1;
}
static void vec_remove(struct vec *v, size_t i) {
    memmove(vec_at(v, i), vec_at(v, i + 1), (v->len - i - 1) * v->elem);
    v->len--;
}
static void vec_free(struct vec *v) { free(v->data); v->data = NULL; v->len = v->cap = 0; }

struct item { char name[8]; double price; int qty; };

int main(void) {
    struct vec ints;
    vec_init(&ints, sizeof(int));
    size_t last_cap = 0;
    for (int i = 0; i < 100; i++) {
        int val = i * i % 37;
        vec_push(&ints, &val);
        if (ints.cap != last_cap) { printf("cap %zu at len %zu\n", ints.cap, ints.len); last_cap = ints.cap; }
    }
    long s = 0;
    for (size_t i = 0; i < ints.len; i++) s += *(int *)vec_at(&ints, i);
    printf("sum %ld\n", s);
    for (int k = 0; k < 10; k++) vec_remove(&ints, (size_t)k * 3);
    printf("after removes len %zu first:", ints.len);
    for (size_t i = 0; i < 10; i++) printf(" %d", *(int *)vec_at(&ints, i));
    printf("\n");
    int top, popped = 0;
    while (ints.len > 80 && vec_pop(&ints, &top)) popped += top;
    printf("popped sum %d len %zu\n", popped, ints.len);
    vec_free(&ints);
    struct vec items;
    vec_init(&items, sizeof(struct item));
    const char *names[] = {"apple", "pear", "fig", "kiwi", "plum", "lime"};
    for (int i = 0; i < 6; i++) {
        struct item it;
        strcpy(it.name, names[i]);
        it.price = 0.5 + i * 0.75;
        it.qty = 10 - i;
        vec_push(&items, &it);
    }
    double total = 0;
    for (size_t i = 0; i < items.len; i++) {
        struct item *it = vec_at(&items, i);
        total += it->price * it->qty;
        printf("%-6s %5.2f x %2d\n", it->name, it->price, it->qty);
    }
    printf("total %.2f\n", total);
    struct item last;
    vec_pop(&items, &last);
    printf("popped %s, len %zu cap %zu\n", last.name, items.len, items.cap);
    vec_free(&items);
    return 0;
}
