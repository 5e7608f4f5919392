// CFLAGS: -O1
// Loops with data-dependent selects and min/max reductions (select/phi heavy at -O1): collatz, digit stats.
#include <stdio.h>

static unsigned collatz_steps(unsigned long n) {
    unsigned s = 0;
    while (n != 1) { n = (n & 1) ? 3 * n + 1 : n >> 1; s++; }
    return s;
}
static int max3(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }
static int median3(int a, int b, int c) { return a > b ? (b > c ? b : a > c ? c : a) : (a > c ? a : b > c ? c : b); }

int main(void) {
    unsigned best = 0, best_n = 0, total = 0;
    for (unsigned n = 1; n < 3000; n++) {
        unsigned s = collatz_steps(n);
        total += s;
        best_n = s > best ? n : best_n;
        best = s > best ? s : best;
    }
    printf("collatz below 3000: longest %u at %u, total %u\n", best, best_n, total);
    int lo = 1 << 30, hi = -(1 << 30);
    long even_sum = 0, odd_sum = 0;
    unsigned x = 12345;
    for (int i = 0; i < 1000; i++) {
        x = x * 1103515245u + 12345u;
        int v = (int)((x >> 8) % 20001) - 10000;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        if (v & 1) odd_sum += v; else even_sum += v;
    }
    printf("lo %d hi %d even %ld odd %ld\n", lo, hi, even_sum, odd_sum);
    int med_sum = 0, max_sum = 0;
    for (int a = -3; a <= 3; a++) for (int b = -3; b <= 3; b++) for (int c = -3; c <= 3; c++) { med_sum += median3(a, b, c) * (a + 5); max_sum += max3(a, b, c); }
    printf("median weighted %d max sum %d\n", med_sum, max_sum);
    int digits[10] = {0};
    for (long n = 1; n <= 5000; n++) for (long m = n * n; m; m /= 10) digits[m % 10]++;
    for (int d = 0; d < 10; d++) printf("%d:%d ", d, digits[d]);
    printf("\n");
    unsigned sat = 0;
    for (unsigned i = 0; i < 100; i++) { unsigned t = sat + i * 1000000u; sat = t < sat ? 0xffffffffu : t; }
    printf("saturating sum %u\n", sat);
    int sign_changes = 0, prev = 0;
    for (int i = 0; i < 200; i++) { int s = ((i * 37) % 11 > 5) ? 1 : -1; sign_changes += i && s != prev; prev = s; }
    printf("sign changes %d\n", sign_changes);
    return 0;
}
