// Conway's Game of Life on a small toroidal grid: glider + blinker, printed generations and population.
#include <stdio.h>
#include <string.h>

#define H 10
#define W 12
static char grid[H][W], next[H][W];

static int neighbours(int r, int c) {
    int n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if (dr || dc) n += grid[(r + dr + H) % H][(c + dc + W) % W];
    return n;
}
static int step(void) {
    int pop = 0;
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            int n = neighbours(r, c);
            next[r][c] = (char)(grid[r][c] ? (n == 2 || n == 3) : n == 3);
            pop += next[r][c];
        }
    memcpy(grid, next, sizeof grid);
    return pop;
}
static void show(int gen) {
    printf("gen %d\n", gen);
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) putchar(grid[r][c] ? '#' : '.');
        putchar('\n');
    }
}

int main(void) {
    const char *init[] = {".#..........", "..#.........", "###.........", "............", "............",
                          "........###.", "............", "............", "............", "............"};
    for (int r = 0; r < H; r++) for (int c = 0; c < W; c++) grid[r][c] = init[r][c] == '#';
    show(0);
    for (int g = 1; g <= 30; g++) {
        int pop = step();
        if (g % 10 == 0 || g <= 2) show(g);
        printf("gen %d population %d\n", g, pop);
    }
    unsigned hash = 0;
    for (int r = 0; r < H; r++) for (int c = 0; c < W; c++) hash = hash * 3 + (unsigned)grid[r][c];
    printf("final hash %u\n", hash);
    return 0;
}
