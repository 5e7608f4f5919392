// memcmp, memcpy, memmove (both directions), memset, memchr on bytes and structs.
#include <stdio.h>
#include <string.h>

struct rec { int id; short tag; char code[6]; };

static void dump(const char *label, const unsigned char *p, size_t n) {
    printf("%s:", label);
    for (size_t i = 0; i < n; i++) printf(" %02x", p[i]);
    printf("\n");
}

int main(void) {
    unsigned char buf[24];
    memset(buf, 0, sizeof buf);
    memset(buf + 4, 0xab, 8);
    memset(buf + 8, 300, 2);
    dump("memset", buf, sizeof buf);
    for (int i = 0; i < 24; i++) buf[i] = (unsigned char)i;
    memmove(buf + 3, buf, 10);
    dump("move right", buf, 16);
    for (int i = 0; i < 24; i++) buf[i] = (unsigned char)i;
    memmove(buf, buf + 5, 10);
    dump("move left", buf, 16);
    unsigned char src[8] = {1, 2, 3, 4, 250, 251, 252, 253}, dst[8] = {0};
    memcpy(dst, src, 8);
    dump("memcpy", dst, 8);
    printf("memcmp equal %d\n", memcmp(src, dst, 8));
    dst[5] = 0;
    printf("memcmp after change >0: %d\n", memcmp(src, dst, 8) > 0);
    printf("memcmp prefix 5: %d\n", memcmp(src, dst, 5));
    unsigned char a1[3] = {0x01, 0x80, 0x00}, a2[3] = {0x01, 0x7f, 0xff};
    printf("memcmp unsigned bytes >0: %d\n", memcmp(a1, a2, 3) > 0);
    printf("memcmp n=0: %d\n", memcmp(a1, a2, 0));
    struct rec r1, r2;
    memset(&r1, 0, sizeof r1);
    r1.id = 77; r1.tag = -2; memcpy(r1.code, "XY-12", 6);
    memcpy(&r2, &r1, sizeof r1);
    printf("struct copy: %d %d %s equal=%d\n", r2.id, r2.tag, r2.code, memcmp(&r1, &r2, sizeof r1) == 0);
    r2.code[4] = '3';
    printf("after edit equal=%d\n", memcmp(&r1, &r2, sizeof r1) == 0);
    const char *text = "find the x in here";
    const char *x = memchr(text, 'x', strlen(text));
    printf("memchr x at %td, q? %d\n", x - text, memchr(text, 'q', strlen(text)) == NULL);
    int ints[10];
    memset(ints, 0xff, sizeof ints);
    printf("ints after memset 0xff: %d %d\n", ints[0], ints[9]);
    memset(ints, 0, sizeof ints);
    for (int i = 0; i < 10; i++) ints[i] = i * i;
    memmove(ints + 1, ints, 9 * sizeof(int));
    for (int i = 0; i < 10; i++) printf("%d ", ints[i]);
    printf("\n");
    char s[] = "overlapping copy example";
    memmove(s + 4, s + 12, strlen(s + 12) + 1);
    printf("%s\n", s);
    return 0;
}
