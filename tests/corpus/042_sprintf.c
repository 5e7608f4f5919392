// sprintf with many conversions, flags, widths and precisions; results printed with delimiters.
#include <stdio.h>
#include <string.h>
#include <stddef.h>

int main(void) {
    char b[256];
    int n;
    n = sprintf(b, "[%d] [%5d] [%-5d] [%05d] [%+d] [% d] [%+05d] [%08d] [%08d]", 42, 42, 42, 42, 42, 42, -42, 123456, -123456);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%u] [%x] [%X] [%o] [%#x] [%#X] [%#o] [%08x]", 3000000000u, 0xbeefu, 0xbeefu, 8u, 255u, 255u, 8u, 0x1fu);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%c] [%3c] [%-3c] [%s] [%8s] [%-8s] [%.3s] [%8.2s]", 'x', 'y', 'z', "str", "right", "left", "truncate", "ab");
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%ld] [%lld] [%lu] [%llu] [%lx] [%llX]", -1234567890123L, -9223372036854775807LL - 1,
                18446744073709551615UL, 12345678901234567890ULL, 0xdeadbeefcafeUL, 0xabcdef0123456789ULL);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%hhd] [%hhu] [%hd] [%hu] [%hhx]", 300, 300, 70000, 70000, -1);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%5.2f] [%-8.3f] [%08.2f] [%+.1e] [%.0f] [%g] [%.3g]", 3.14159, 2.71828, -1.5, 12345.678, 2.5, 0.0001, 1234567.0);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%*d] [%-*d] [%.*d] [%*.*s]", 6, 7, 6, 7, 4, 7, 6, 2, "abcdef");
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%.5d] [%.0d] [%5.3d] [%-6.4x] [%%] [%zu] [%td]", 42, 0, -7, 0xa, sizeof(int), (ptrdiff_t)-3);
    printf("%s (%d)\n", b, n);
    n = sprintf(b, "[%i] [%5i] [%lli] [%#.3o] [%#5x]", -17, 123, 99999999999LL, 8, 0);
    printf("%s (%d)\n", b, n);
    char num[32];
    for (int i = -3; i <= 3; i++) {
        sprintf(num, "%+04d|%-4d|%x", i * 111, i, (unsigned)i & 0xfff);
        printf("%s\n", num);
    }
    char *p = b;
    for (int i = 0; i < 8; i++) p += sprintf(p, "%s%d", i ? "," : "", i * i);
    printf("built: %s len %zu\n", b, strlen(b));
    sprintf(b, "%s", "");
    printf("empty len %zu\n", strlen(b));
    n = sprintf(b, "%c%c%c", 'a', 0, 'b');
    printf("embedded nul: n=%d strlen=%zu b[2]=%c\n", n, strlen(b), b[2]);
    return 0;
}
