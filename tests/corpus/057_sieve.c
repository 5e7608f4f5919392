// CFLAGS: -O1
// Sieve of Eratosthenes (byte array and bitset versions), prime gaps, twin primes, Goldbach check.
#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define N 20000
static unsigned char composite[N + 1];
static uint32_t bits[(N >> 5) + 1];

static int bit_get(unsigned i) { return (bits[i >> 5] >> (i & 31)) & 1; }
static void bit_set(unsigned i) { bits[i >> 5] |= 1u << (i & 31); }

int main(void) {
    memset(composite, 0, sizeof composite);
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= N; i++)
        if (!composite[i]) for (int j = i * i; j <= N; j += i) composite[j] = 1;
    bit_set(0); bit_set(1);
    for (unsigned i = 2; i * i <= N; i++)
        if (!bit_get(i)) for (unsigned j = i * i; j <= N; j += i) bit_set(j);
    int count = 0, mismatch = 0, twins = 0, maxgap = 0, gap_at = 0, last = 2;
    long sum = 0;
    for (int i = 2; i <= N; i++) {
        if (composite[i] != bit_get((unsigned)i)) mismatch++;
        if (composite[i]) continue;
        count++;
        sum += i;
        if (i - last > maxgap) { maxgap = i - last; gap_at = last; }
        if (i - last == 2) twins++;
        last = i;
    }
    printf("primes <= %d: %d, sum %ld, mismatches %d\n", N, count, sum, mismatch);
    printf("twin pairs %d, max gap %d after %d, largest %d\n", twins, maxgap, gap_at, last);
    for (int k = 1; k <= 100000; k *= 10) {
        int c = 0;
        for (int i = 2; i <= k && i <= N; i++) c += !composite[i];
        printf("pi(%d) = %d\n", k, c);
    }
    int goldbach_fail = 0;
    for (int e = 4; e <= 2000; e += 2) {
        int ok = 0;
        for (int p = 2; p <= e / 2; p++) if (!composite[p] && !composite[e - p]) { ok = 1; break; }
        if (!ok) goldbach_fail++;
    }
    printf("goldbach failures up to 2000: %d\n", goldbach_fail);
    printf("first 20:");
    for (int i = 2, c = 0; c < 20; i++) if (!composite[i]) { printf(" %d", i); c++; }
    printf("\nwords: %08x %08x %08x\n", bits[0], bits[1], bits[N >> 6]);
    return 0;
}
