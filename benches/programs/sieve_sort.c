/* Benchmark: sieve of Eratosthenes up to 200000, then sorting 20000 pseudo-random
 * ints with a hand-written quicksort (median-of-three, insertion sort for small
 * ranges). Prints counts and checksums. Deterministic, no input. */
#include <stdio.h>

#define LIMIT 200000
#define NSORT 20000

static unsigned char composite[LIMIT + 1];
static int data[NSORT];

static unsigned rng_state = 123456789u;
static unsigned next_rand(void) {
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 1;
}

static int sieve(int n) {
    int count = 0;
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= n; i++)
        if (!composite[i])
            for (int j = i * i; j <= n; j += i) composite[j] = 1;
    for (int i = 2; i <= n; i++) count += !composite[i];
    return count;
}

static void insertion_sort(int *a, int lo, int hi) {
    for (int i = lo + 1; i <= hi; i++) {
        int key = a[i], j = i - 1;
        while (j >= lo && a[j] > key) { a[j + 1] = a[j]; j--; }
        a[j + 1] = key;
    }
}

static void swap(int *a, int i, int j) { int t = a[i]; a[i] = a[j]; a[j] = t; }

static void quicksort(int *a, int lo, int hi) {
    while (hi - lo > 16) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo]) swap(a, mid, lo);
        if (a[hi] < a[lo]) swap(a, hi, lo);
        if (a[hi] < a[mid]) swap(a, hi, mid);
        int pivot = a[mid], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) { swap(a, i, j); i++; j--; }
        }
        if (j - lo < hi - i) { quicksort(a, lo, j); lo = i; }
        else { quicksort(a, i, hi); hi = j; }
    }
    insertion_sort(a, lo, hi);
}

int main(void) {
    int primes = sieve(LIMIT);
    unsigned long long psum = 0;
    int last = 0;
    for (int i = 2; i <= LIMIT; i++)
        if (!composite[i]) { psum += (unsigned long long)i; last = i; }
    printf("primes up to %d: %d (sum %llu, largest %d)\n", LIMIT, primes, psum, last);

    for (int i = 0; i < NSORT; i++) data[i] = (int)(next_rand() % 1000000) - 500000;
    quicksort(data, 0, NSORT - 1);
    int sorted = 1;
    unsigned long long checksum = 0;
    for (int i = 0; i < NSORT; i++) {
        if (i && data[i - 1] > data[i]) sorted = 0;
        checksum = checksum * 31 + (unsigned)data[i];
    }
    printf("sorted %d ints: ok=%d min=%d median=%d max=%d checksum=%llu\n", NSORT, sorted, data[0],
           data[NSORT / 2], data[NSORT - 1], checksum);

    /* second round: sort prime gaps mixed with noise, using the same routines */
    int n = 0;
    for (int i = 3, prev = 2; i <= LIMIT && n < NSORT; i++)
        if (!composite[i]) { data[n++] = (i - prev) * 1000 + (int)(next_rand() % 1000); prev = i; }
    quicksort(data, 0, n - 1);
    checksum = 0;
    for (int i = 0; i < n; i++) checksum = checksum * 131 + (unsigned)data[i];
    printf("sorted %d gaps: max gap %d checksum=%llu\n", n, data[n - 1] / 1000, checksum);
    return 0;
}
