// STDIN: 12 0x1f 017 -8\n3.5e2 abc  xyz\n  q 99999999999 7,8;9\nleft over tail
// scanf family return values and conversions: %i with hex/octal, %n, %*d suppression, %[set], %c not skipping blanks, widths, sscanf mismatches, EOF.
#include <stdio.h>
#include <string.h>

int main(void) {
    int a, b, c, d, n;
    int r = scanf("%i %i %i %i%n", &a, &b, &c, &d, &n);
    printf("r=%d %d %d %d %d n=%d\n", r, a, b, c, d, n);
    double x; char w1[8], w2[8];
    r = scanf("%lf %3s %7s", &x, w1, w2);
    printf("r=%d %g [%s] [%s]\n", r, x, w1, w2);
    char ch1, ch2; long long big; int p, q, s;
    r = scanf(" %c%c%lld %d,%d;%d", &ch1, &ch2, &big, &p, &q, &s);
    printf("r=%d [%c][%c] %lld %d %d %d\n", r, ch1, ch2 == ' ' ? '_' : ch2, big, p, q, s);
    char rest[64];
    r = scanf(" %[a-z ]", rest);
    printf("r=%d [%s]\n", r, rest);
    r = scanf("%d", &a);
    printf("r=%d\n", r);
    r = scanf("%d", &a);
    printf("again r=%d\n", r);
    r = sscanf("abc", "%d", &a);
    printf("sscanf mismatch %d\n", r);
    r = sscanf("", "%d", &a);
    printf("sscanf empty %d\n", r);
    r = sscanf("  ", "%d", &a);
    printf("sscanf blank %d\n", r);
    r = sscanf("10 20", "%*d %d", &a);
    printf("suppressed %d %d\n", r, a);
    r = sscanf("12345678", "%3d%2d%d", &a, &b, &c);
    printf("widths %d %d %d %d\n", r, a, b, c);
    r = sscanf("key=value;rest", "%[^=]=%[^;];%n", w1, rest, &n);
    printf("sets %d [%s] [%s] n=%d\n", r, w1, rest, n);
    unsigned u; r = sscanf("-1", "%u", &u);
    printf("neg unsigned %d %u\n", r, u);
    float f; r = sscanf("  -1.25e-1xyz", "%f%s", &f, w2);
    printf("float %d %g [%s]\n", r, f, w2);
    r = sscanf("0x", "%x%n", &u, &n);
    printf("0x alone %d %u\n", r, u);
    r = sscanf("100%", "%d%%", &a);
    printf("percent %d %d\n", r, a);
    return 0;
}
