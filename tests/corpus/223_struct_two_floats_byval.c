// Regression (found by adversarial testing): struct {float,float} by value is coerced to <2 x float> at -O0 -> 'unsupported: vector types'
#include <stdio.h>
struct v2 { float x, y; };
static struct v2 add(struct v2 a, struct v2 b) { struct v2 r = { a.x + b.x, a.y + b.y }; return r; }
int main(void) {
    struct v2 c = add((struct v2){1.5f, 2.0f}, (struct v2){0.25f, -4.0f});
    printf("%g %g\n", c.x, c.y);
    return 0;
}
