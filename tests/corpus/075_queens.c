// CFLAGS: -O1
// N-queens by backtracking (counts for N=1..8, first board for N=8) and a bitmask variant.
#include <stdio.h>

static int cols[12], n_global, solutions;
static int first_board[12], have_first;

static int safe(int row, int col) {
    for (int r = 0; r < row; r++) {
        int c = cols[r];
        if (c == col || c - col == r - row || c - col == row - r) return 0;
    }
    return 1;
}
static void place(int row) {
    if (row == n_global) {
        if (!have_first) { for (int i = 0; i < n_global; i++) first_board[i] = cols[i]; have_first = 1; }
        solutions++;
        return;
    }
    for (int c = 0; c < n_global; c++) if (safe(row, c)) { cols[row] = c; place(row + 1); }
}
static int bits_solve(int n, unsigned cols_used, unsigned d1, unsigned d2) {
    unsigned all = (1u << n) - 1;
    if (cols_used == all) return 1;
    unsigned avail = all & ~(cols_used | d1 | d2);
    int count = 0;
    while (avail) {
        unsigned bit = avail & -avail;
        avail ^= bit;
        count += bits_solve(n, cols_used | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return count;
}

int main(void) {
    for (int n = 1; n <= 8; n++) {
        n_global = n; solutions = 0; have_first = 0;
        place(0);
        printf("N=%d solutions %d bitmask %d\n", n, solutions, bits_solve(n, 0, 0, 0));
        if (n == 8) {
            for (int r = 0; r < 8; r++) {
                for (int c = 0; c < 8; c++) putchar(first_board[r] == c ? 'Q' : '.');
                putchar('\n');
            }
        }
    }
    return 0;
}
