// rand/srand with fixed seeds: raw values must match glibc's generator; derived statistics.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    srand(1);
    printf("seed 1:");
    for (int i = 0; i < 5; i++) printf(" %d", rand());
    printf("\n");
    srand(42);
    printf("seed 42:");
    for (int i = 0; i < 5; i++) printf(" %d", rand());
    printf("\n");
    srand(12345);
    int hist[10] = {0};
    long sum = 0;
    for (int i = 0; i < 10000; i++) { int r = rand(); hist[r % 10]++; sum += r % 1000; }
    printf("hist:");
    for (int i = 0; i < 10; i++) printf(" %d", hist[i]);
    printf("\nmean of r%%1000: %.3f\n", sum / 10000.0);
    srand(7);
    int deck[52];
    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 51; i > 0; i--) { int j = rand() % (i + 1); int t = deck[i]; deck[i] = deck[j]; deck[j] = t; }
    const char *suits = "SHDC", *ranks = "A23456789TJQK";
    printf("hand:");
    for (int i = 0; i < 7; i++) printf(" %c%c", ranks[deck[i] % 13], suits[deck[i] / 13]);
    printf("\n");
    srand(2024);
    int inside = 0;
    for (int i = 0; i < 20000; i++) {
        double x = rand() / (double)RAND_MAX, y = rand() / (double)RAND_MAX;
        if (x * x + y * y <= 1.0) inside++;
    }
    printf("pi estimate %.4f (inside %d)\n", 4.0 * inside / 20000, inside);
    printf("RAND_MAX %d\n", RAND_MAX);
    srand(1);
    int first = rand();
    srand(1);
    printf("reseed reproduces: %d\n", first == rand());
    return 0;
}
