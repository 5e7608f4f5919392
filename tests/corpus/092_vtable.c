// Object-oriented C: structs with vtable pointers, "inheritance" by embedding, dynamic dispatch over a heterogeneous list.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape;
struct shape_vt { const char *name; double (*area)(const struct shape *); double (*perimeter)(const struct shape *); void (*scale)(struct shape *, double); };
struct shape { const struct shape_vt *vt; int id; };
struct circle { struct shape base; double r; };
struct rect { struct shape base; double w, h; };
struct square { struct rect base; };

static double circ_area(const struct shape *s) { const struct circle *c = (const struct circle *)s; return 3.141592653589793 * c->r * c->r; }
static double circ_perim(const struct shape *s) { return 2 * 3.141592653589793 * ((const struct circle *)s)->r; }
static void circ_scale(struct shape *s, double k) { ((struct circle *)s)->r *= k; }
static double rect_area(const struct shape *s) { const struct rect *r = (const struct rect *)s; return r->w * r->h; }
static double rect_perim(const struct shape *s) { const struct rect *r = (const struct rect *)s; return 2 * (r->w + r->h); }
static void rect_scale(struct shape *s, double k) { struct rect *r = (struct rect *)s; r->w *= k; r->h *= k; }

static const struct shape_vt circle_vt = {"circle", circ_area, circ_perim, circ_scale};
static const struct shape_vt rect_vt = {"rect", rect_area, rect_perim, rect_scale};
static const struct shape_vt square_vt = {"square", rect_area, rect_perim, rect_scale};

static int next_id = 1;
static struct shape *new_circle(double r) { struct circle *c = malloc(sizeof *c); c->base.vt = &circle_vt; c->base.id = next_id++; c->r = r; return &c->base; }
static struct shape *new_rect(double w, double h) { struct rect *r = malloc(sizeof *r); r->base.vt = &rect_vt; r->base.id = next_id++; r->w = w; r->h = h; return &r->base; }
static struct shape *new_square(double a) { struct square *s = malloc(sizeof *s); s->base.base.vt = &square_vt; s->base.base.id = next_id++; s->base.w = s->base.h = a; return &s->base.base; }

static int by_area(const void *a, const void *b) {
    const struct shape *x = *(const struct shape *const *)a, *y = *(const struct shape *const *)b;
    double ax = x->vt->area(x), ay = y->vt->area(y);
    return (ax > ay) - (ax < ay);
}

int main(void) {
    struct shape *shapes[] = {new_circle(1.5), new_rect(2, 7), new_square(3), new_circle(0.5), new_rect(10, 0.25), new_square(1.25)};
    int n = sizeof shapes / sizeof shapes[0];
    double total = 0;
    for (int i = 0; i < n; i++) {
        struct shape *s = shapes[i];
        printf("#%d %-6s area %8.4f perimeter %8.4f\n", s->id, s->vt->name, s->vt->area(s), s->vt->perimeter(s));
        total += s->vt->area(s);
    }
    printf("total area %.4f\n", total);
    for (int i = 0; i < n; i++) shapes[i]->vt->scale(shapes[i], i % 2 ? 2.0 : 0.5);
    qsort(shapes, (size_t)n, sizeof shapes[0], by_area);
    printf("sorted by area after scaling:");
    for (int i = 0; i < n; i++) printf(" %s#%d(%.3f)", shapes[i]->vt->name, shapes[i]->id, shapes[i]->vt->area(shapes[i]));
    printf("\n");
    int counts[3] = {0};
    for (int i = 0; i < n; i++) counts[shapes[i]->vt == &circle_vt ? 0 : shapes[i]->vt == &rect_vt ? 1 : 2]++;
    printf("circles %d rects %d squares %d, shared area fn %d\n", counts[0], counts[1], counts[2], rect_vt.area == square_vt.area);
    for (int i = 0; i < n; i++) free(shapes[i]);
    return 0;
}
