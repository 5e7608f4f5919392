// STDIN: 10 20 30\n40 -1 60\n70 80 90\n
// Reads a 3x3 grid from stdin; a negative cell is an error reported on stderr, exit(EXIT_FAILURE) from a helper.
#include <stdio.h>
#include <stdlib.h>

static int grid[3][3];

static void die(const char *what, int r, int c) {
    fprintf(stderr, "error: %s at row %d col %d\n", what, r, c);
    printf("aborting after %d good cells\n", r * 3 + c);
    exit(EXIT_FAILURE);
}
static void read_grid(void) {
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            if (scanf("%d", &grid[r][c]) != 1) die("short input", r, c);
            printf("cell[%d][%d] = %d\n", r, c, grid[r][c]);
            if (grid[r][c] < 0) die("negative value", r, c);
        }
}

static void report(void) {
    for (int r = 0; r < 3; r++) {
        int rs = 0;
        for (int c = 0; c < 3; c++) rs += grid[r][c];
        printf("row %d sum %d\n", r, rs);
    }
    for (int c = 0; c < 3; c++) printf("col %d max %d\n", c, grid[0][c] > grid[1][c] ? grid[0][c] : grid[1][c]);
}

int main(void) {
    printf("reading grid\n");
    read_grid();
    report();
    int sum = 0;
    for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) sum += grid[r][c];
    printf("sum %d\n", sum);
    return 0;
}
