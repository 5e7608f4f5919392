// Recursion: fib, ackermann (small), hanoi, mutual recursion, permutations.
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int moves;
static void hanoi(int n, char from, char to, char via) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (n >= 3) printf("move disk %d %c->%c\n", n, from, to);
    hanoi(n - 1, via, to, from);
}
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static void permute(char *s, int l, int r, int *count) {
    if (l == r) { (*count)++; if (*count <= 8) printf("%s ", s); return; }
    for (int i = l; i <= r; i++) {
        char t = s[l]; s[l] = s[i]; s[i] = t;
        permute(s, l + 1, r, count);
        t = s[l]; s[l] = s[i]; s[i] = t;
    }
}
static long power(long b, int e) { if (e == 0) return 1; long h = power(b, e / 2); return e % 2 ? h * h * b : h * h; }
static int digit_sum(long n) { return n < 10 ? (int)n : (int)(n % 10) + digit_sum(n / 10); }
static int depth(int n) { return n <= 1 ? 0 : 1 + depth(n % 2 ? 3 * n + 1 : n / 2); }

int main(void) {
    for (int i = 0; i <= 20; i += 4) printf("fib(%d)=%d\n", i, fib(i));
    for (int m = 0; m <= 2; m++) for (int n = 0; n <= 3; n++) printf("ack(%d,%d)=%d\n", m, n, ack(m, n));
    printf("ack(3,3)=%d\n", ack(3, 3));
    hanoi(5, 'A', 'C', 'B');
    printf("hanoi moves %d\n", moves);
    printf("even(17)=%d odd(17)=%d even(1000)=%d\n", is_even(17), is_odd(17), is_even(1000));
    char s[] = "abcd";
    int count = 0;
    permute(s, 0, 3, &count);
    printf("\npermutations %d, s back to %s\n", count, s);
    printf("3^20=%ld 2^62=%ld\n", power(3, 20), power(2, 62));
    printf("digit_sum(9876543210)=%d\n", digit_sum(9876543210L));
    printf("collatz depth 27=%d 97=%d\n", depth(27), depth(97));
    return 0;
}
