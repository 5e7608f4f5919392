// Shifts at every width: logical, arithmetic right shift of negatives, variable amounts.
#include <stdio.h>
#include <stdint.h>

static int sar(int x, int n) { return x >> n; }
static unsigned shr(unsigned x, int n) { return x >> n; }
static long long sar64(long long x, int n) { return x >> n; }

int main(void) {
    int vals[] = {-1, -2, -7, -128, -2147483647 - 1, 12345, 1};
    for (int i = 0; i < 7; i++) {
        printf("%11d:", vals[i]);
        for (int n = 0; n < 32; n += 5) printf(" %d", sar(vals[i], n));
        printf(" | u:");
        for (int n = 0; n < 32; n += 5) printf(" %u", shr((unsigned)vals[i], n));
        printf("\n");
    }
    for (int n = 0; n < 64; n += 9)
        printf("n=%2d 1<<n=%llx -1>>n=%lld (u)-1>>n=%llx\n", n, 1ULL << n, sar64(-1, n),
               ~0ULL >> n);
    long long neg = -1000000000000LL;
    printf("neg>>3=%lld neg>>40=%lld\n", neg >> 3, neg >> 40);
    int8_t c = -100; int16_t s = -30000;
    printf("int8 -100>>2=%d int16 -30000>>5=%d\n", c >> 2, s >> 5);
    uint8_t uc = 0x81;
    printf("uint8 0x81<<1=%d (int promo) (uint8_t)=%u >>1=%u\n", uc << 1, (uint8_t)(uc << 1), uc >> 1);
    unsigned u = 0x80000001u;
    printf("u<<1=%#x u>>1=%#x u<<31=%#x\n", u << 1, u >> 1, u << 31);
    uint64_t bits = 0;
    for (int i = 0; i < 64; i += 3) bits |= 1ULL << i;
    printf("bits=%016llx\n", (unsigned long long)bits);
    unsigned amt[] = {0, 1, 15, 31};
    for (int i = 0; i < 4; i++) printf("0xdeadbeef<<%u=%08x >>%u=%08x\n", amt[i], 0xdeadbeefu << amt[i], amt[i], 0xdeadbeefu >> amt[i]);
    int x = 1000;
    printf("x*8 via shift %d, x/8 %d, -x/8 %d vs -x>>3 %d\n", x << 3, x / 8, -x / 8, -x >> 3);
    int odd = -9;
    printf("-9/2=%d -9>>1=%d\n", odd / 2, odd >> 1);
    uint32_t v = 0x12345678;
    uint32_t rev = 0;
    for (int i = 0; i < 32; i++) { rev = (rev << 1) | (v & 1); v >>= 1; }
    printf("bit reversed %08x\n", rev);
    return 0;
}
