// Enums: explicit values, negative values, enums as array indices and in switch.
#include <stdio.h>

enum color { RED, GREEN, BLUE, NCOLORS };
enum weird { NEG = -3, ZERO_ISH, BIG = 1000, NEXT };
typedef enum { ST_IDLE, ST_RUN = 5, ST_WAIT, ST_DONE = 10 } state_t;
static const char *color_names[NCOLORS] = {[RED] = "red", [GREEN] = "green", [BLUE] = "blue"};

static state_t step(state_t s, int input) {
    switch (s) {
    case ST_IDLE: return input > 0 ? ST_RUN : ST_IDLE;
    case ST_RUN: return input == 0 ? ST_WAIT : input < 0 ? ST_DONE : ST_RUN;
    case ST_WAIT: return input ? ST_RUN : ST_DONE;
    default: return ST_DONE;
    }
}
static const char *sname(state_t s) {
    switch (s) { case ST_IDLE: return "idle"; case ST_RUN: return "run"; case ST_WAIT: return "wait"; case ST_DONE: return "done"; }
    return "?";
}

int main(void) {
    for (enum color c = RED; c < NCOLORS; c++) printf("%d=%s ", c, color_names[c]);
    printf("\n");
    printf("NEG=%d ZERO_ISH=%d BIG=%d NEXT=%d sizeof=%zu\n", NEG, ZERO_ISH, BIG, NEXT, sizeof(enum weird));
    int counts[NCOLORS] = {0};
    for (int i = 0; i < 20; i++) counts[(i * 7) % NCOLORS]++;
    for (int c = 0; c < NCOLORS; c++) printf("%s:%d ", color_names[c], counts[c]);
    printf("\n");
    int inputs[] = {0, 1, 1, 0, 2, 0, 0, 3};
    state_t s = ST_IDLE;
    for (int i = 0; i < 8; i++) {
        state_t n = step(s, inputs[i]);
        printf("%s --%d--> %s (%d)\n", sname(s), inputs[i], sname(n), n);
        s = n;
    }
    enum weird w = NEG;
    w = (enum weird)(w + 4);
    printf("w=%d is NEXT-? %d\n", w, NEXT - w);
    enum color mix = (enum color)(RED | BLUE);
    printf("mix=%d %s\n", mix, mix < NCOLORS ? color_names[mix] : "none");
    return s == ST_DONE ? 0 : 1;
}
