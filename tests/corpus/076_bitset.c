// A 64-bit-word bitset: set/clear/test, union/intersection, popcount-based cardinality, iteration.
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define BITS 300
#define WORDS ((BITS + 63) / 64)
typedef struct { uint64_t w[WORDS]; } bitset;

static void bs_set(bitset *b, unsigned i) { b->w[i / 64] |= (uint64_t)1 << (i % 64); }
static void bs_clear(bitset *b, unsigned i) { b->w[i / 64] &= ~((uint64_t)1 << (i % 64)); }
static int bs_test(const bitset *b, unsigned i) { return (int)(b->w[i / 64] >> (i % 64)) & 1; }
static int bs_count(const bitset *b) { int c = 0; for (int i = 0; i < WORDS; i++) c += __builtin_popcountll(b->w[i]); return c; }
static bitset bs_and(bitset a, bitset b) { for (int i = 0; i < WORDS; i++) a.w[i] &= b.w[i]; return a; }
static bitset bs_or(bitset a, bitset b) { for (int i = 0; i < WORDS; i++) a.w[i] |= b.w[i]; return a; }
static bitset bs_xor(bitset a, bitset b) { for (int i = 0; i < WORDS; i++) a.w[i] ^= b.w[i]; return a; }
static int bs_next(const bitset *b, int from) {
    for (int i = from; i < BITS; ) {
        uint64_t word = b->w[i / 64] >> (i % 64);
        if (word) return i + __builtin_ctzll(word);
        i = (i / 64 + 1) * 64;
    }
    return -1;
}

int main(void) {
    bitset mult3, mult5, squares;
    memset(&mult3, 0, sizeof mult3); memset(&mult5, 0, sizeof mult5); memset(&squares, 0, sizeof squares);
    for (unsigned i = 0; i < BITS; i += 3) bs_set(&mult3, i);
    for (unsigned i = 0; i < BITS; i += 5) bs_set(&mult5, i);
    for (unsigned i = 0; i * i < BITS; i++) bs_set(&squares, i * i);
    printf("counts: %d %d %d\n", bs_count(&mult3), bs_count(&mult5), bs_count(&squares));
    bitset both = bs_and(mult3, mult5), either = bs_or(mult3, mult5), odd = bs_xor(mult3, mult5);
    printf("and %d or %d xor %d\n", bs_count(&both), bs_count(&either), bs_count(&odd));
    printf("squares:");
    for (int i = bs_next(&squares, 0); i >= 0; i = bs_next(&squares, i + 1)) printf(" %d", i);
    printf("\n");
    bitset sq15 = bs_and(squares, both);
    printf("squares divisible by 15:");
    for (int i = bs_next(&sq15, 0); i >= 0; i = bs_next(&sq15, i + 1)) printf(" %d", i);
    printf("\n");
    for (unsigned i = 0; i < BITS; i += 2) bs_clear(&either, i);
    printf("odd multiples of 3 or 5: %d, test 45 %d 60 %d 299 %d\n", bs_count(&either), bs_test(&either, 45), bs_test(&either, 60), bs_test(&either, 299));
    for (int i = 0; i < WORDS; i++) printf("word %d: %016llx\n", i, (unsigned long long)odd.w[i]);
    return 0;
}
