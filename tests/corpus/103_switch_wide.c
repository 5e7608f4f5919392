// CFLAGS: -O1
// switch on signed char, short, unsigned char and 64-bit values with negative, huge and sparse cases; lookup-table and bit-test lowering at -O1.
#include <stdio.h>
#include <stdint.h>

static int s8(signed char c) {
    switch (c) {
    case -128: return 1; case -1: return 2; case 0: return 3; case 1: return 4;
    case 127: return 5; case -64: return 6; case 'a': return 7; default: return 0;
    }
}
static const char *u8(unsigned char c) {
    switch (c) {
    case 0xff: return "ff"; case 0x80: return "80"; case 0x7f: return "7f";
    case 'x': case 'y': case 'z': return "xyz"; default: return "-";
    }
}
static int s16(short s) {
    switch (s) { case -32768: return 10; case -300: return 11; case 300: return 12; case 32767: return 13; default: return -1; }
}
static int s64(int64_t v) {
    switch (v) {
    case INT64_MIN: return 100;
    case -1: return 101;
    case 0x7fffffffffffffffLL: return 102;
    case 0x100000000LL: return 103;
    case -0x100000000LL: return 104;
    case 4294967295LL: return 105;
    case 1LL << 40: return 106;
    default: return 0;
    }
}
static int u64(uint64_t v) {
    switch (v) { case UINT64_MAX: return 1; case 1ULL << 63: return 2; case 0xdeadbeefcafebabeULL: return 3; case 7: return 4; default: return 0; }
}
/* dense: becomes a lookup table at -O1 */
static int dense(int x) {
    switch (x) { case 3: return 31; case 4: return 41; case 5: return 59; case 6: return 26; case 7: return 53; case 8: return 58; case 9: return 97; default: return -1; }
}
/* small range with shared targets: bit-test lowering */
static int bt(unsigned x) {
    switch (x) { case 1: case 3: case 7: case 12: case 30: return 1; case 2: case 13: case 29: return 2; default: return 0; }
}

int main(void) {
    signed char cs[] = {-128, -127, -64, -1, 0, 1, 97, 126, 127};
    for (unsigned i = 0; i < sizeof cs; i++) printf("%d:%d ", cs[i], s8(cs[i]));
    printf("\n");
    for (int c = 0; c < 256; c += 17) printf("%s", u8((unsigned char)c));
    printf(" %s %s %s %s\n", u8(0xff), u8(0x80), u8('y'), u8(0x7f));
    short ss[] = {-32768, -300, -299, 0, 300, 32767};
    for (unsigned i = 0; i < 6; i++) printf("%d ", s16(ss[i]));
    printf("\n");
    int64_t ws[] = {INT64_MIN, -1, 0, INT64_MAX, 0x100000000LL, -0x100000000LL, 4294967295LL, 1LL << 40, (1LL << 40) + 1};
    for (unsigned i = 0; i < 9; i++) printf("%d ", s64(ws[i]));
    printf("\n");
    uint64_t us[] = {UINT64_MAX, 1ULL << 63, 0xdeadbeefcafebabeULL, 7, 8};
    for (unsigned i = 0; i < 5; i++) printf("%d ", u64(us[i]));
    printf("\n");
    for (int x = 0; x < 12; x++) printf("%d ", dense(x));
    printf("\n");
    for (unsigned x = 0; x < 34; x++) printf("%d", bt(x));
    printf("\n");
    unsigned acc = 0;
    for (int i = -300; i < 300; i++) acc = acc * 3u + (unsigned)(s8((signed char)i) + s16((short)(i * 110)));
    printf("acc %u\n", acc);
    return 0;
}
