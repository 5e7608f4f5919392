// CFLAGS: -O1
// Loops with unsigned and narrow induction variables that wrap (uint8/uint16 counters, countdown through 0u), 64-bit accumulators, strength-reduced multiplications, mixed-width index arithmetic.
#include <stdio.h>
#include <stdint.h>

static unsigned sum_u8_wrap(void) { unsigned s = 0; uint8_t i = 250; do { s += i; i++; } while (i != 5); return s; }
static unsigned count_u16(uint16_t start) { unsigned n = 0; for (uint16_t i = start; i != 3; i += 7) n++; return n; }
static uint32_t lcg_loop(int n) { uint32_t x = 1; for (int i = 0; i < n; i++) x = x * 1664525u + 1013904223u; return x; }
static uint64_t mul_chain(int n) { uint64_t x = 0x9e3779b97f4a7c15ULL; for (int i = 0; i < n; i++) x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9ULL; return x; }
static int countdown(unsigned n) { int c = 0; for (unsigned i = n; i-- > 0;) c += (int)(i % 3); return c; }
static long tri(int n) { long s = 0; for (int i = 0; i < n; i++) s += (long)i * i - 3 * i; return s; }
static int8_t s8_acc(void) { int8_t a = 0; for (int i = 0; i < 1000; i++) a = (int8_t)(a + 37); return a; }
static int16_t s16_mul(void) { int16_t a = 1; for (int i = 0; i < 20; i++) a = (int16_t)(a * 3 + 1); return a; }
static unsigned stride(const unsigned char *p, int n, int step) { unsigned s = 0; for (int i = 0; i < n; i += step) s = s * 7 + p[i]; return s; }
static long neg_index(const int *end, int n) { long s = 0; for (int i = 1; i <= n; i++) s += end[-i] * i; return s; }
static uint32_t sub_wrap(uint32_t a, int n) { for (int i = 0; i < n; i++) a -= 0x10000001u; return a; }
static unsigned long long shift_acc(int n) { unsigned long long v = 1; for (int i = 0; i < n; i++) v = (v << 5) | (v >> 59) | (unsigned)i; return v; }

int main(void) {
    printf("%u %u %u\n", sum_u8_wrap(), count_u16(10), count_u16(65530));
    printf("%u %u\n", lcg_loop(1000), lcg_loop(77777));
    printf("%llu\n", (unsigned long long)mul_chain(333));
    printf("%d %d %d\n", countdown(0), countdown(1), countdown(1000));
    printf("%ld %ld\n", tri(1000), tri(100000));
    printf("%d %d\n", s8_acc(), s16_mul());
    unsigned char buf[200];
    for (int i = 0; i < 200; i++) buf[i] = (unsigned char)(i * 151 + 7);
    printf("%u %u %u\n", stride(buf, 200, 1), stride(buf, 200, 3), stride(buf, 200, 199));
    int arr[50];
    for (int i = 0; i < 50; i++) arr[i] = i * i - 600;
    printf("%ld\n", neg_index(arr + 50, 50));
    printf("%u %u\n", sub_wrap(5, 17), sub_wrap(0xffffffffu, 300));
    printf("%llx\n", shift_acc(100));
    unsigned total = 0;
    for (unsigned i = 4000000000u; i >= 3999999990u && i != 0; i--) total += i & 0xff;
    printf("%u\n", total);
    int64_t big = INT64_MAX - 100;
    int steps = 0;
    while (big < INT64_MAX - 3) { big += 7; steps++; }
    printf("%lld %d\n", (long long)big, steps);
    return 0;
}
