// Sparse switch statements, large case values, negative cases, switch on char and long.
#include <stdio.h>

static int classify(int code) {
    switch (code) {
    case -1000000: return 1;
    case -1: return 2;
    case 0: return 3;
    case 7: return 4;
    case 100: return 5;
    case 4096: return 6;
    case 65535: return 7;
    case 1000000: return 8;
    case 2147483647: return 9;
    default: return 0;
    }
}
static const char *http(int status) {
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 301: case 302: return "Redirect";
    case 404: return "Not Found";
    case 418: return "Teapot";
    case 500: case 502: case 503: return "Server Error";
    }
    return status >= 400 ? "Client Error" : "Other";
}
static long lswitch(long v) {
    switch (v) {
    case 1L << 40: return 40;
    case -(1L << 50): return -50;
    case 123456789012L: return 12;
    default: return v % 1000;
    }
}
static int vowel(char c) {
    switch (c) { case 'a': case 'e': case 'i': case 'o': case 'u': case 'A': case 'E': case 'I': case 'O': case 'U': return 1; }
    return 0;
}

int main(void) {
    int codes[] = {-1000000, -1, 0, 1, 7, 99, 100, 4096, 4097, 65535, 1000000, 2147483647, -2147483647 - 1};
    for (int i = 0; i < 13; i++) printf("%d->%d ", codes[i], classify(codes[i]));
    printf("\n");
    int sts[] = {200, 201, 204, 301, 302, 404, 405, 418, 500, 502, 504};
    for (int i = 0; i < 11; i++) printf("%d %s\n", sts[i], http(sts[i]));
    long ls[] = {1L << 40, -(1L << 50), 123456789012L, 98765, -4321};
    for (int i = 0; i < 5; i++) printf("lswitch -> %ld\n", lswitch(ls[i]));
    const char *text = "The Quick Brown Fox Jumps Over The Lazy Dog";
    int v = 0;
    for (const char *p = text; *p; p++) v += vowel(*p);
    printf("vowels %d\n", v);
    int state = 0, fall = 0;
    for (int i = 0; i < 10; i++) {
        switch (state) {
        case 0: fall += 1; state = 10; break;
        case 10: fall += 10;
        case 20: fall += 20; state = 300; break;
        case 300: fall += 300; state = 0;
        default: fall -= 1;
        }
    }
    printf("fall %d final state %d\n", fall, state);
    return 0;
}
