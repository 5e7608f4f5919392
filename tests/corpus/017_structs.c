// Nested structs, arrays of structs, struct assignment, designated initializers, offsetof.
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct point { int x, y; };
struct rect { struct point tl, br; char name[12]; };
struct employee { char name[16]; int age; double salary; struct { int year, month; } hired; };

static int area(const struct rect *r) { return (r->br.x - r->tl.x) * (r->br.y - r->tl.y); }

int main(void) {
    struct rect rs[3] = {
        {{0, 0}, {4, 3}, "first"},
        {.tl = {1, 1}, .br = {.x = 6, .y = 11}, .name = "second"},
        {{-5, -5}, {5, 5}, "third"},
    };
    for (int i = 0; i < 3; i++)
        printf("%-7s tl=(%d,%d) br=(%d,%d) area=%d\n", rs[i].name, rs[i].tl.x, rs[i].tl.y,
               rs[i].br.x, rs[i].br.y, area(&rs[i]));
    struct rect copy = rs[1];
    copy.tl.x = 100;
    strcpy(copy.name, "copy");
    printf("orig tl.x=%d name=%s; copy tl.x=%d name=%s\n", rs[1].tl.x, rs[1].name, copy.tl.x, copy.name);
    rs[0] = rs[2];
    printf("after assign rs[0]=%s area %d\n", rs[0].name, area(&rs[0]));
    struct employee staff[] = {
        {"alice", 30, 5200.5, {2015, 3}},
        {"bob", 45, 7100.0, {2001, 11}},
        {"carol", 28, 4800.25, {2019, 7}},
        {"dave", 52, 8000.75, {1998, 1}},
    };
    int n = sizeof staff / sizeof staff[0];
    double total = 0;
    struct employee *oldest = &staff[0];
    for (struct employee *e = staff; e < staff + n; e++) {
        total += e->salary;
        if (e->age > oldest->age) oldest = e;
        printf("%-6s %3d %9.2f %04d-%02d\n", e->name, e->age, e->salary, e->hired.year, e->hired.month);
    }
    printf("total %.2f avg %.3f oldest %s\n", total, total / n, oldest->name);
    printf("offsets: tl %zu br %zu name %zu size %zu\n", offsetof(struct rect, tl),
           offsetof(struct rect, br), offsetof(struct rect, name), sizeof(struct rect));
    printf("employee: age@%zu salary@%zu hired@%zu size %zu\n", offsetof(struct employee, age),
           offsetof(struct employee, salary), offsetof(struct employee, hired), sizeof(struct employee));
    struct point *pp = &rs[2].br;
    pp->x *= 2;
    (*pp).y -= 1;
    printf("modified via pointer: %d %d\n", rs[2].br.x, rs[2].br.y);
    struct point zero = {0};
    struct point pts[4] = {[2] = {7, 8}};
    printf("zero %d %d, pts[2] %d %d pts[3] %d %d\n", zero.x, zero.y, pts[2].x, pts[2].y, pts[3].x, pts[3].y);
    int cmp = memcmp(&rs[0].tl, &rs[2].tl, sizeof(struct point));
    printf("memcmp tl %d\n", cmp == 0);
    return 0;
}
