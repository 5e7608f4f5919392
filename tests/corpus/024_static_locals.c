// Static local variables: counters, memoization, static arrays and pointers returned from functions.
#include <stdio.h>

static int next_id(void) { static int id = 100; return id++; }
static long fib_memo(int n) {
    static long memo[91];
    static int calls = 0;
    calls++;
    if (n < 0) return calls;
    if (n < 2) return n;
    if (memo[n]) return memo[n];
    return memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
}
static const char *ordinal(int n) {
    static char buf[16];
    const char *suf = "th";
    if (n % 100 < 11 || n % 100 > 13) {
        if (n % 10 == 1) suf = "st"; else if (n % 10 == 2) suf = "nd"; else if (n % 10 == 3) suf = "rd";
    }
    snprintf(buf, sizeof buf, "%d%s", n, suf);
    return buf;
}
static int *history(int v) {
    static int hist[5];
    static int pos;
    hist[pos++ % 5] = v;
    return hist;
}
static double running_mean(double x) {
    static double sum;
    static int n;
    sum += x; n++;
    return sum / n;
}

int main(void) {
    for (int i = 0; i < 5; i++) printf("id %d\n", next_id());
    printf("fib(90)=%ld\n", fib_memo(90));
    printf("fib(50)=%ld\n", fib_memo(50));
    printf("calls so far %ld\n", fib_memo(-1));
    int ns[] = {1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112, 123};
    for (int i = 0; i < 13; i++) printf("%s ", ordinal(ns[i]));
    printf("\n");
    int *h = NULL;
    for (int i = 1; i <= 8; i++) h = history(i * i);
    for (int i = 0; i < 5; i++) printf("%d ", h[i]);
    printf("\n");
    double xs[] = {4, 8, 15, 16, 23, 42};
    for (int i = 0; i < 6; i++) printf("mean after %g: %.4f\n", xs[i], running_mean(xs[i]));
    for (int round = 0; round < 3; round++) {
        static int persistent = 0;
        int automatic = 0;
        persistent += 2; automatic += 2;
        printf("round %d persistent %d automatic %d\n", round, persistent, automatic);
    }
    return 0;
}
