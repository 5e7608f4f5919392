// long and long long (signed/unsigned): big products, division, printing.
#include <stdio.h>
#include <limits.h>

static long long factorial(int n) { long long r = 1; while (n > 1) r *= n--; return r; }

int main(void) {
    long a = 1234567890123L, b = -987654321L;
    printf("a*3=%ld a/b=%ld a%%b=%ld\n", a * 3, a / b, a % b);
    printf("-a/7=%ld -a%%7=%ld\n", -a / 7, -a % 7);
    long long f = factorial(20);
    printf("20! = %lld\n", f);
    unsigned long long uf = (unsigned long long)f * 21;
    printf("21! mod 2^64 = %llu\n", uf);
    printf("LLONG_MAX=%lld LLONG_MIN=%lld ULLONG_MAX=%llu\n", LLONG_MAX, LLONG_MIN, ULLONG_MAX);
    printf("LONG_MAX/3=%ld LLONG_MIN/7=%lld LLONG_MIN%%7=%lld\n", LONG_MAX / 3, LLONG_MIN / 7, LLONG_MIN % 7);
    unsigned long ul = 18446744073709551615UL;
    printf("ul/10=%lu ul%%10=%lu ul+1=%lu\n", ul / 10, ul % 10, ul + 1);
    unsigned long long h = 1469598103934665603ULL;
    const char *s = "symbolic execution";
    for (const char *p = s; *p; p++) { h ^= (unsigned char)*p; h *= 1099511628211ULL; }
    printf("fnv1a64=%llu hex=%llx\n", h, h);
    long long x = -1;
    printf("x>>10=%lld (ull)x>>60=%llu\n", x >> 10, (unsigned long long)x >> 60);
    long long mix = (long long)INT_MAX * INT_MAX;
    printf("INT_MAX^2=%lld\n", mix);
    int i32 = -5;
    long long widened = i32;
    unsigned long long uwidened = (unsigned)i32;
    printf("sext %lld zext %llu\n", widened, uwidened);
    long long sum = 0;
    for (long long k = 1; k <= 100000; k += 7) sum += k * k;
    printf("sum of squares %lld\n", sum);
    long long n = 600851475143LL, largest = 0;
    for (long long d = 2; d * d <= n; d++) while (n % d == 0) { largest = d; n /= d; }
    if (n > 1) largest = n;
    printf("largest prime factor %lld\n", largest);
    printf("ld %ld li %li lld %lld llu %llu lx %lx llX %llX\n", -42L, 42L, -42LL, 42ULL, 255UL, 0xabcdefULL);
    return 0;
}
