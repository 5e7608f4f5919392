// Unions: type punning (float bits), tagged unions, union in struct, sizeof.
#include <stdio.h>
#include <stdint.h>

union fbits { float f; uint32_t u; unsigned char b[4]; };
union dbits { double d; uint64_t u; };
enum kind { K_INT, K_DBL, K_STR };
struct value { enum kind k; union { long i; double d; const char *s; } as; };

static void show(struct value v) {
    switch (v.k) {
    case K_INT: printf("int %ld\n", v.as.i); break;
    case K_DBL: printf("dbl %.3f\n", v.as.d); break;
    case K_STR: printf("str \"%s\"\n", v.as.s); break;
    }
}

int main(void) {
    float fs[] = {1.0f, -2.0f, 0.5f, 3.14159f, 0.0f, -0.0f};
    for (int i = 0; i < 6; i++) {
        union fbits fb; fb.f = fs[i];
        printf("%9.5f bits %08x sign %u exp %3u mant %06x bytes %02x %02x %02x %02x\n", fb.f, fb.u,
               fb.u >> 31, (fb.u >> 23) & 0xff, fb.u & 0x7fffff, fb.b[0], fb.b[1], fb.b[2], fb.b[3]);
    }
    union dbits db; db.d = 1.0 / 3.0;
    printf("1/3 bits %016llx\n", (unsigned long long)db.u);
    db.u = 0x400921fb54442d18ull;
    printf("from bits %.15f\n", db.d);
    union fbits mk; mk.u = (127u + 3) << 23;
    printf("2^3 = %f\n", mk.f);
    struct value vals[] = {{K_INT, {.i = -42}}, {K_DBL, {.d = 2.75}}, {K_STR, {.s = "hello"}}};
    for (int i = 0; i < 3; i++) show(vals[i]);
    vals[0].as.i = 1L << 40;
    show(vals[0]);
    union { uint32_t w; uint16_t h[2]; uint8_t b[4]; } u;
    u.w = 0x11223344;
    printf("halves %04x %04x bytes %02x %02x %02x %02x\n", u.h[0], u.h[1], u.b[0], u.b[1], u.b[2], u.b[3]);
    u.b[0] = 0xff;
    printf("after byte write %08x\n", u.w);
    printf("sizes: fbits %zu dbits %zu value %zu\n", sizeof(union fbits), sizeof(union dbits), sizeof(struct value));
    union fbits fast; fast.f = 100.0f;
    fast.u = 0x5f3759df - (fast.u >> 1);
    float y = fast.f;
    y = y * (1.5f - 0.5f * 100.0f * y * y);
    printf("fast inv sqrt(100) ~ %.4f\n", y);
    return 0;
}
