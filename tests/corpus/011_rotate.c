// CFLAGS: -O1
// Rotate idioms at 8/16/32/64 bits (become funnel shifts at -O1), plus a hash using them.
#include <stdio.h>
#include <stdint.h>

static uint8_t rotl8(uint8_t x, unsigned n) { n &= 7; return (uint8_t)((x << n) | (x >> ((8 - n) & 7))); }
static uint16_t rotr16(uint16_t x, unsigned n) { n &= 15; return (uint16_t)((x >> n) | (x << ((16 - n) & 15))); }
static uint32_t rotl32(uint32_t x, unsigned n) { return (x << (n & 31)) | (x >> (-n & 31)); }
static uint32_t rotr32(uint32_t x, unsigned n) { return (x >> (n & 31)) | (x << (-n & 31)); }
static uint64_t rotl64(uint64_t x, unsigned n) { return (x << (n & 63)) | (x >> (-n & 63)); }

static uint32_t murmur_mix(uint32_t h, uint32_t k) {
    k *= 0xcc9e2d51u; k = rotl32(k, 15); k *= 0x1b873593u;
    h ^= k; h = rotl32(h, 13); return h * 5 + 0xe6546b64u;
}

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(void) {
    for (unsigned n = 0; n < 8; n += 3) printf("rotl8(0x81,%u)=%02x\n", n, rotl8(0x81, n));
    for (unsigned n = 0; n < 16; n += 5) printf("rotr16(0x1234,%u)=%04x\n", n, rotr16(0x1234, n));
    for (unsigned n = 0; n < 40; n += 7)
        printf("rotl32(0x12345678,%u)=%08x rotr32=%08x\n", n, rotl32(0x12345678u, n), rotr32(0x12345678u, n));
    for (unsigned n = 0; n < 64; n += 13)
        printf("rotl64(%u)=%016llx\n", n, (unsigned long long)rotl64(0x0123456789abcdefull, n));
    /* constant rotations */
    uint32_t c = 0xa5a5f00fu;
    printf("const rot: %08x %08x\n", (c << 8) | (c >> 24), (c >> 3) | (c << 29));
    uint32_t h = 42;
    for (uint32_t i = 0; i < 1000; i++) h = murmur_mix(h, i);
    printf("murmur-ish %08x\n", h);
    uint64_t s = 1;
    for (int i = 0; i < 4; i++) printf("splitmix %016llx\n", (unsigned long long)splitmix(&s));
    uint64_t acc = 0;
    for (unsigned i = 0; i < 200; i++) acc = rotl64(acc ^ i, i) + 0x9e3779b97f4a7c15ull;
    printf("acc %016llx\n", (unsigned long long)acc);
    uint32_t t = 1;
    for (unsigned i = 0; i < 33; i++) t = rotl32(t, 1);
    printf("rotated 33 times: %u\n", t);
    return 0;
}
