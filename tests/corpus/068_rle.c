// Run-length encoding and decoding (text and byte forms), round-trip verification.
#include <stdio.h>
#include <string.h>

static size_t rle_encode(const char *in, char *out) {
    size_t o = 0;
    for (size_t i = 0; in[i];) {
        size_t j = i;
        while (in[j] == in[i] && j - i < 99) j++;
        o += (size_t)sprintf(out + o, "%zu%c", j - i, in[i]);
        i = j;
    }
    out[o] = 0;
    return o;
}
static size_t rle_decode(const char *in, char *out) {
    size_t o = 0;
    while (*in) {
        int n = 0;
        while (*in >= '0' && *in <= '9') n = n * 10 + (*in++ - '0');
        char c = *in++;
        while (n-- > 0) out[o++] = c;
    }
    out[o] = 0;
    return o;
}
static size_t rle_bytes(const unsigned char *in, size_t n, unsigned char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && in[j] == in[i] && j - i < 255) j++;
        out[o++] = (unsigned char)(j - i);
        out[o++] = in[i];
        i = j;
    }
    return o;
}

int main(void) {
    const char *tests[] = {"aaabccddddde", "abc", "", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "aabbaabb", "x"};
    char enc[256], dec[256];
    for (int i = 0; i < 6; i++) {
        size_t el = rle_encode(tests[i], enc);
        size_t dl = rle_decode(enc, dec);
        printf("'%s' -> '%s' (%zu) -> ok %d (%zu)\n", tests[i], enc, el, strcmp(tests[i], dec) == 0, dl);
    }
    char longrun[300];
    memset(longrun, 'q', 250);
    longrun[250] = 0;
    size_t el = rle_encode(longrun, enc);
    rle_decode(enc, dec);
    printf("long run -> '%s' (%zu) roundtrip %d\n", enc, el, strcmp(longrun, dec) == 0);
    unsigned char img[600], packed[1200];
    for (int i = 0; i < 600; i++) img[i] = (unsigned char)((i / 37) % 3 == 0 ? 0 : (i / 11) % 4 * 60);
    size_t pl = rle_bytes(img, 600, packed);
    unsigned sum = 0, runs = 0;
    for (size_t i = 0; i < pl; i += 2) { sum += packed[i]; runs++; }
    printf("bytes: %zu -> %zu, runs %u, total %u\n", (size_t)600, pl, runs, sum);
    for (size_t i = 0; i < 16 && i < pl; i += 2) printf("(%u x %u) ", packed[i], packed[i + 1]);
    printf("\n");
    return 0;
}
