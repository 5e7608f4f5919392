// Unsigned wrap-around at every width, and modular arithmetic idioms.
#include <stdio.h>
#include <stdint.h>

int main(void) {
    uint8_t a8 = 200; uint16_t a16 = 60000; uint32_t a32 = 4000000000u; uint64_t a64 = 18000000000000000000ull;
    for (int i = 0; i < 3; i++) {
        a8 += 100; a16 += 10000; a32 += 500000000u; a64 += 1000000000000000000ull;
        printf("round %d: %u %u %u %llu\n", i, a8, a16, a32, (unsigned long long)a64);
    }
    uint8_t m8 = 17; uint16_t m16 = 300; uint32_t m32 = 100000; uint64_t m64 = 5000000000ull;
    for (int i = 0; i < 4; i++) {
        m8 *= 17; m16 *= 300; m32 *= 100000; m64 *= 5000000000ull;
        printf("mul %d: %u %u %u %llu\n", i, m8, m16, m32, (unsigned long long)m64);
    }
    uint8_t z8 = 0; uint16_t z16 = 0; uint32_t z32 = 0; uint64_t z64 = 0;
    z8 -= 1; z16 -= 1; z32 -= 1; z64 -= 1;
    printf("0-1: %u %u %u %llu\n", z8, z16, z32, (unsigned long long)z64);
    printf("negate 5: %u %u %u %llu\n", (uint8_t)-(uint8_t)5, (uint16_t)-(uint16_t)5, -(uint32_t)5,
           (unsigned long long)-(uint64_t)5);
    uint32_t lcg = 12345;
    for (int i = 0; i < 5; i++) { lcg = lcg * 1664525u + 1013904223u; printf("lcg %u\n", lcg); }
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 5; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        printf("xorshift %llu\n", (unsigned long long)x);
    }
    uint32_t cnt = 0;
    for (uint32_t i = 10; i < 20; i--) cnt++;
    printf("countdown wrap stops after %u\n", cnt);
    uint16_t a = 1, b = 65535;
    printf("ushort a-b=%d (promoted), (uint16_t)(a-b)=%u\n", a - b, (uint16_t)(a - b));
    uint32_t ua = 1, ub = 2;
    printf("uint a-b=%u, > 0: %d\n", ua - ub, ua - ub > 0);
    uint64_t mod = 1000000007ull, r = 1, base = 3;
    for (uint64_t e = 1000000; e; e >>= 1) { if (e & 1) r = r * base % mod; base = base * base % mod; }
    printf("3^1e6 mod p = %llu\n", (unsigned long long)r);
    return 0;
}
