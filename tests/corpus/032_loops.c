// do/while, while, for with break/continue, nested loops with labels-free exits, comma operator.
#include <stdio.h>

int main(void) {
    int i = 0;
    do { printf("do %d\n", i); i += 3; } while (i < 10);
    do printf("runs once\n"); while (0);
    int n = 12345, digits = 0;
    do { digits++; n /= 10; } while (n);
    printf("digits %d\n", digits);
    int sum = 0;
    for (int k = 0; k < 100; k++) {
        if (k % 3 == 0) continue;
        if (k > 50) break;
        sum += k;
    }
    printf("sum skip3 until 50: %d\n", sum);
    int found = -1;
    for (int a = 1; a < 30 && found < 0; a++)
        for (int b = a; b < 30; b++) {
            int c2 = a * a + b * b, c = 1;
            while (c * c < c2) c++;
            if (c * c == c2 && a + b + c == 24) { found = a * 10000 + b * 100 + c; break; }
        }
    printf("pythagorean triple with perimeter 24: %d\n", found);
    int w = 100, iters = 0;
    while (1) {
        iters++;
        if (w % 7 == 0) { w += 5; continue; }
        if (w > 200) break;
        w += 13;
    }
    printf("w=%d iters=%d\n", w, iters);
    int x, y;
    for (x = 0, y = 10; x < y; x++, y--) printf("(%d,%d)", x, y);
    printf("\n");
    int count = 0;
    for (;;) { if (++count >= 7) break; }
    printf("count %d\n", count);
    int m = 5;
    while (m-- > 0) printf("m=%d ", m);
    printf("after m=%d\n", m);
    int primes = 0;
    for (int p = 2; p < 200; p++) {
        int q;
        for (q = 2; q * q <= p; q++) if (p % q == 0) break;
        if (q * q > p) primes++;
    }
    printf("primes below 200: %d\n", primes);
    int grid_hits = 0;
    for (int r = 0; r < 10; r++) {
        for (int c = 0; c < 10; c++) {
            if (c > r) break;
            if ((r + c) % 4 == 0) continue;
            grid_hits++;
        }
    }
    printf("grid hits %d\n", grid_hits);
    unsigned bits = 0xb6;
    int ones = 0;
    while (bits) { ones += bits & 1; bits >>= 1; }
    printf("ones %d\n", ones);
    return 0;
}
