// CFLAGS: -O1
// char signedness and integer promotions: plain char is signed on x86-64, comparisons of char with 0x80..0xff, char arithmetic wrap, unsigned short * unsigned short promotion to int, ~ on small types.
#include <stdio.h>
#include <string.h>

static int count_high(const char *s) { int n = 0; for (; *s; s++) if (*s < 0) n++; return n; }
static unsigned hash(const char *s) { unsigned h = 5381; for (; *s; s++) h = h * 33 + (unsigned char)*s; return h; }
static int shash(const char *s) { unsigned h = 0; for (; *s; s++) h = h * 31u + (unsigned)*s; return (int)(h >> 1); }

int main(void) {
    const char s[] = "caf\xc3\xa9 \xff\x80z";
    printf("len %zu high %d hash %u shash %d\n", strlen(s), count_high(s), hash(s), shash(s));
    char c = (char)0xff;
    unsigned char uc = 0xff;
    signed char sc = -1;
    printf("%d %d %d %d %d\n", c, uc, sc, c == uc, c == sc);
    printf("%d %d\n", c == '\xff', (unsigned char)c == 0xff);
    char w = 127; w++;
    unsigned char uw = 255; uw++;
    printf("%d %d\n", w, uw);
    unsigned short a = 65535, b = 65535;
    printf("%d %u\n", a + b > 65535, (unsigned)a * b);
    unsigned char m = 0x0f;
    printf("%d %d %d\n", ~m, (unsigned char)~m, ~m & 0xff);
    short sx = -32768;
    printf("%d %d\n", -sx, (short)-sx);
    char buf[4] = {(char)200, (char)100, 50, (char)-50};
    int tot = 0; unsigned utot = 0;
    for (int i = 0; i < 4; i++) { tot += buf[i]; utot += (unsigned char)buf[i]; }
    printf("%d %u\n", tot, utot);
    printf("%d %d\n", strcmp("\x80", "\x7f") > 0, memcmp("\xff", "a", 1) > 0);
    int cmp = 0;
    for (int i = 0; i < 256; i++) { char ci = (char)i; cmp += (ci > 'a') - (ci < 'a'); }
    printf("cmp %d\n", cmp);
    long l = (char)0x80 * 2L;
    unsigned long ul = (unsigned long)(unsigned char)0x80 << 24;
    printf("%ld %lu %ld\n", l, ul, (long)(int)((unsigned)0x80 << 24));
    printf("%d %d\n", (signed char)(unsigned char)130, (unsigned char)(signed char)-126);
    return 0;
}
