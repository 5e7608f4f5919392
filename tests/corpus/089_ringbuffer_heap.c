// Circular queue (ring buffer) and a binary min-heap priority queue used for event simulation.
#include <stdio.h>

#define QCAP 8
struct ring { int data[QCAP]; unsigned head, tail; };
static int ring_push(struct ring *r, int v) { if (r->tail - r->head == QCAP) return 0; r->data[r->tail++ % QCAP] = v; return 1; }
static int ring_pop(struct ring *r, int *v) { if (r->tail == r->head) return 0; *v = r->data[r->head++ % QCAP]; return 1; }

struct event { int time, id; };
struct heap { struct event e[64]; int n; };
static int before(struct event a, struct event b) { return a.time < b.time || (a.time == b.time && a.id < b.id); }
static void heap_push(struct heap *h, struct event ev) {
    int i = h->n++;
    h->e[i] = ev;
    while (i && before(h->e[i], h->e[(i - 1) / 2])) { struct event t = h->e[i]; h->e[i] = h->e[(i - 1) / 2]; h->e[(i - 1) / 2] = t; i = (i - 1) / 2; }
}
static struct event heap_pop(struct heap *h) {
    struct event top = h->e[0];
    h->e[0] = h->e[--h->n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && before(h->e[l], h->e[m])) m = l;
        if (r < h->n && before(h->e[r], h->e[m])) m = r;
        if (m == i) break;
        struct event t = h->e[i]; h->e[i] = h->e[m]; h->e[m] = t; i = m;
    }
    return top;
}

int main(void) {
    struct ring q = {{0}, 0, 0};
    int pushed = 0, popped = 0, v, sum = 0;
    for (int i = 0; i < 30; i++) {
        if (i % 3 != 2) { if (ring_push(&q, i * i)) pushed++; else printf("full at %d\n", i); }
        else if (ring_pop(&q, &v)) { popped++; sum += v; }
    }
    printf("pushed %d popped %d sum %d size %u\n", pushed, popped, sum, q.tail - q.head);
    while (ring_pop(&q, &v)) printf("%d ", v);
    printf("\n");
    struct heap h = {.n = 0};
    unsigned s = 77;
    for (int id = 0; id < 20; id++) { s = s * 1103515245u + 12345u; heap_push(&h, (struct event){(int)(s >> 16) % 50, id}); }
    int last = -1, ordered = 1, t = 0;
    while (h.n) {
        struct event e = heap_pop(&h);
        if (e.time < last) ordered = 0;
        last = e.time;
        printf("t=%d id=%d\n", e.time, e.id);
        if (e.id < 5 && t < 5) { heap_push(&h, (struct event){e.time + 7, 100 + e.id}); t++; }
    }
    printf("ordered %d\n", ordered);
    return 0;
}
