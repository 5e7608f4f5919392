// CFLAGS: -O1
// CRC32 (table-driven and bitwise), Adler-32, FNV-1a, checked against known values.
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static uint32_t table[256];
static void make_table(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}
static uint32_t crc32_table(const unsigned char *p, size_t n) {
    uint32_t c = 0xffffffffu;
    while (n--) c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}
static uint32_t crc32_bitwise(const unsigned char *p, size_t n) {
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) { c ^= p[i]; for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1))); }
    return ~c;
}
static uint32_t adler32(const unsigned char *p, size_t n) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) { a = (a + p[i]) % 65521; b = (b + a) % 65521; }
    return (b << 16) | a;
}
static uint32_t fnv1a(const unsigned char *p, size_t n) { uint32_t h = 2166136261u; while (n--) { h ^= *p++; h *= 16777619u; } return h; }

int main(void) {
    make_table();
    printf("table[1]=%08x table[128]=%08x table[255]=%08x\n", table[1], table[128], table[255]);
    const char *msgs[] = {"", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog", "Wikipedia"};
    for (int i = 0; i < 6; i++) {
        const unsigned char *m = (const unsigned char *)msgs[i];
        size_t n = strlen(msgs[i]);
        uint32_t c1 = crc32_table(m, n), c2 = crc32_bitwise(m, n);
        printf("%-45s crc %08x %s adler %08x fnv %08x\n", msgs[i], c1, c1 == c2 ? "==" : "!=", adler32(m, n), fnv1a(m, n));
    }
    unsigned char big[4096];
    for (int i = 0; i < 4096; i++) big[i] = (unsigned char)(i * 7 + (i >> 8));
    printf("4k block crc %08x adler %08x\n", crc32_table(big, sizeof big), adler32(big, sizeof big));
    uint32_t chained = 0;
    for (int i = 0; i < 64; i++) { big[i] ^= (unsigned char)chained; chained = crc32_table(big, (size_t)i + 1); }
    printf("chained %08x\n", chained);
    return crc32_table((const unsigned char *)"123456789", 9) == 0xCBF43926u ? 0 : 1;
}
