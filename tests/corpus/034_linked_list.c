// Singly linked list: push/append, reverse, remove, insert sorted, merge, free.
#include <stdio.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n); n->val = v; n->next = head; return n;
}
static void append(struct node **head, int v) {
    while (*head) head = &(*head)->next;
    *head = push(NULL, v);
}
static void print(const char *label, const struct node *n) {
    printf("%s:", label);
    for (; n; n = n->next) printf(" %d", n->val);
    printf("\n");
}
static struct node *reverse(struct node *n) {
    struct node *prev = NULL;
    while (n) { struct node *next = n->next; n->next = prev; prev = n; n = next; }
    return prev;
}
static int remove_all(struct node **pp, int v) {
    int removed = 0;
    while (*pp) {
        if ((*pp)->val == v) { struct node *d = *pp; *pp = d->next; free(d); removed++; }
        else pp = &(*pp)->next;
    }
    return removed;
}
static void insert_sorted(struct node **pp, int v) {
    while (*pp && (*pp)->val < v) pp = &(*pp)->next;
    struct node *n = push(*pp, v);
    *pp = n;
}
static struct node *merge(struct node *a, struct node *b) {
    struct node dummy = {0, NULL}, *t = &dummy;
    while (a && b) {
        if (a->val <= b->val) { t->next = a; a = a->next; } else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    return dummy.next;
}
static int length(const struct node *n) { int k = 0; while (n) { k++; n = n->next; } return k; }
static void free_list(struct node *n) { while (n) { struct node *x = n->next; free(n); n = x; } }

int main(void) {
    struct node *l = NULL;
    for (int i = 0; i < 6; i++) l = push(l, i * 3 % 5);
    append(&l, 42);
    append(&l, 3);
    print("built", l);
    l = reverse(l);
    print("reversed", l);
    printf("removed %d threes\n", remove_all(&l, 3));
    print("after remove", l);
    struct node *s1 = NULL, *s2 = NULL;
    int vals[] = {9, 2, 7, 4, 4, 11, 0, 5};
    for (int i = 0; i < 8; i++) insert_sorted(i % 2 ? &s1 : &s2, vals[i]);
    print("s1", s1);
    print("s2", s2);
    struct node *m = merge(s1, s2);
    print("merged", m);
    printf("lengths %d %d\n", length(l), length(m));
    free_list(l);
    free_list(m);
    return 0;
}
