// CFLAGS: -O1
// memmove with overlapping ranges in both directions, memcpy of structs, memset of structs and arrays with non-zero bytes, memchr/memcmp over the results, hand-written byte copy loops (idiom-recognised at -O1).
#include <stdio.h>
#include <string.h>

struct item { int id; double w; char tag[5]; };

static void show(const char *label, const char *b, int n) { printf("%s[", label); for (int i = 0; i < n; i++) putchar(b[i] ? b[i] : '.'); printf("]\n"); }
static void copy_fwd(char *d, const char *s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }
static void copy_bwd(char *d, const char *s, int n) { for (int i = n - 1; i >= 0; i--) d[i] = s[i]; }
static void fill(int *p, int n, int v) { for (int i = 0; i < n; i++) p[i] = v; }

int main(void) {
    char buf[32];
    strcpy(buf, "0123456789abcdefghij");
    memmove(buf + 3, buf, 10);
    show("right ", buf, 21);
    strcpy(buf, "0123456789abcdefghij");
    memmove(buf, buf + 5, 12);
    show("left  ", buf, 21);
    strcpy(buf, "0123456789abcdefghij");
    memmove(buf + 1, buf, 19);
    memmove(buf + 4, buf + 4, 5);
    show("by1   ", buf, 21);
    strcpy(buf, "ABCDEFGHIJ");
    copy_bwd(buf + 2, buf, 8);
    show("bwd   ", buf, 11);
    strcpy(buf, "ABCDEFGHIJ");
    copy_fwd(buf, buf + 2, 8);
    show("fwd   ", buf, 11);
    struct item a = {7, 2.5, "abcd"}, b;
    memset(&b, 0x41, sizeof b);
    printf("b.id=%d tag=%.4s\n", b.id, b.tag);
    memcpy(&b, &a, sizeof a);
    printf("b=%d %g %s\n", b.id, b.w, b.tag);
    struct item arr[4];
    memset(arr, 0, sizeof arr);
    arr[2] = a;
    memmove(&arr[1], &arr[2], 2 * sizeof arr[0]);
    printf("%d %d %d %s\n", arr[0].id, arr[1].id, arr[2].id, arr[1].tag);
    int ints[10];
    fill(ints, 10, -1);
    memset(ints + 2, 0x7f, 3 * sizeof(int));
    for (int i = 0; i < 10; i++) printf("%d ", ints[i]);
    printf("\n");
    unsigned char raw[16];
    memset(raw, 0xAB, sizeof raw);
    memset(raw + 3, 0x100 + 0x12, 4);
    printf("%02x %02x %02x %p\n", raw[2], raw[3], raw[7], memchr(raw, 0x13, 16));
    printf("%d %d %d\n", memcmp(raw, raw + 8, 8) < 0, memcmp(buf, "CDEF", 4), memcmp("", "", 0));
    char *z = memchr(buf, 'H', 10);
    printf("%ld\n", z ? (long)(z - buf) : -1L);
    return 0;
}
