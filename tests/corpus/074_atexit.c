// atexit handlers run in reverse registration order after exit(N) from main; they can still print.
#include <stdio.h>
#include <stdlib.h>

static int counter;
static void h1(void) { printf("handler 1, counter %d\n", counter); }
static void h2(void) { counter *= 10; printf("handler 2, counter now %d\n", counter); }
static void h3(void) { counter += 5; printf("handler 3, counter now %d\n", counter); }

static void h4(void) { fflush(stdout); printf("handler 4 (registered first, runs last)\n"); }

static int collatz_len(long n) {
    int steps = 0;
    while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }
    return steps;
}

static int work(int n) {
    int acc = 0;
    for (int i = 1; i <= n; i++) {
        acc += i * i;
        if (i % 4 == 0) printf("work %d acc %d\n", i, acc);
    }
    return acc;
}

int main(void) {
    int r4 = atexit(h4);
    int r1 = atexit(h1), r2 = atexit(h2), r3 = atexit(h3);
    printf("registering: %d %d %d %d\n", r4, r1, r2, r3);
    int best = 1, bestlen = 0;
    for (int i = 1; i < 1000; i++) { int l = collatz_len(i); if (l > bestlen) { bestlen = l; best = i; } }
    printf("longest collatz below 1000: %d (%d steps)\n", best, bestlen);
    counter = work(12) % 100;
    printf("counter %d\n", counter);
    fputs("no trailing newline before exit", stdout);
    exit(counter % 7 + 2);
}
