// CFLAGS: -O1
// Bitfields: signed/unsigned, spanning byte boundaries, 1-bit signed, long long bitfields, packed structs, odd-width loads and stores at -O1, increment wraparound.
#include <stdio.h>
#include <string.h>

struct bf {
    unsigned a : 3;
    signed b : 5;
    unsigned c : 11;
    signed d : 1;
    unsigned e : 12;
};
struct wide {
    unsigned long long lo : 40;
    signed long long hi : 23;
    unsigned flag : 1;
};
struct __attribute__((packed)) pk { char c; int i : 20; short s; unsigned u : 7; };
struct mixed { char tag; unsigned v : 17; unsigned char z; signed w : 9; };

int main(void) {
    struct bf x;
    memset(&x, 0, sizeof x);
    for (int i = 0; i < 20; i++) {
        x.a++; x.b -= 3; x.c += 200; x.d = i & 1 ? -1 : 0; x.e = x.e * 5 + 3;
        printf("%u %d %u %d %u\n", x.a, x.b, x.c, x.d, x.e);
    }
    unsigned raw; memcpy(&raw, &x, sizeof raw);
    printf("raw %#x size %zu\n", raw, sizeof x);
    struct wide w = {0, 0, 0};
    w.lo = 0xffffffffffULL; w.lo += 2;
    w.hi = -(1 << 22); w.hi -= 1;
    w.flag = 1;
    printf("%llu %lld %u %zu\n", (unsigned long long)w.lo, (long long)w.hi, w.flag, sizeof w);
    w.hi = 12345; w.lo = 1ULL << 39;
    printf("%llu %lld\n", (unsigned long long)w.lo, (long long)w.hi);
    struct pk p = {'p', -300000, -2, 100};
    printf("%c %d %d %u %zu\n", p.c, p.i, p.s, p.u, sizeof p);
    p.i += 600000; p.u += 30;
    printf("%d %u\n", p.i, p.u);
    struct mixed m[4];
    for (int i = 0; i < 4; i++) { m[i].tag = (char)('a' + i); m[i].v = 131071u - (unsigned)i * 1000; m[i].z = (unsigned char)(250 + i); m[i].w = -256 + i * 100; }
    long s = 0;
    for (int i = 0; i < 4; i++) { s += m[i].v + m[i].w + m[i].z; printf("%c%u/%d/%u ", m[i].tag, m[i].v, m[i].w, m[i].z); }
    printf("\n%ld\n", s);
    for (int i = 0; i < 4; i++) m[i].w = (m[i].w + 300) & 0xff;
    printf("%d %d\n", m[0].w, m[3].w);
    return 0;
}
