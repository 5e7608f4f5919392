// short and unsigned short: wrap-around, promotion, division, arrays.
#include <stdio.h>

static short sadd(short a, short b) { return (short)(a + b); }
static unsigned short usub(unsigned short a, unsigned short b) { return (unsigned short)(a - b); }

int main(void) {
    short s = 32767, t = -32768;
    unsigned short us = 65535, ut = 1;
    printf("sadd(32767,1)=%d\n", sadd(s, 1));
    printf("sadd(-32768,-1)=%d\n", sadd(t, -1));
    printf("s+1 as int=%d\n", s + 1);
    printf("us+ut=%d (int) %u (ushort)\n", us + ut, (unsigned short)(us + ut));
    printf("usub(1,2)=%u\n", usub(1, 2));
    printf("us*us int promo overflow avoided via unsigned: %u\n", (unsigned)us * us);
    short vals[] = {-1000, 1000, -32768, 12345, -7};
    short dv[] = {7, -7, 10, -100, 2};
    long total = 0;
    for (int i = 0; i < 5; i++) {
        short q = vals[i] / dv[i], r = vals[i] % dv[i];
        printf("%6d / %4d = %5d rem %4d\n", vals[i], dv[i], q, r);
        total += q * 3 + r;
    }
    printf("total %ld\n", total);
    unsigned short h = 0;
    for (int i = 0; i < 1000; i++) h = (unsigned short)(h * 31 + i);
    printf("hash %u\n", h);
    short arr[8];
    for (int i = 0; i < 8; i++) arr[i] = (short)(i * 10000);
    for (int i = 0; i < 8; i++) printf("%d ", arr[i]);
    printf("\n");
    unsigned short m = 0xABCD;
    printf("hi=%#x lo=%#x swapped=%#x\n", m >> 8, m & 0xff, (unsigned short)((m << 8) | (m >> 8)));
    printf("short -1 >> 4 = %d, ushort 0xffff >> 4 = %d\n", (short)-1 >> 4, (unsigned short)0xffff >> 4);
    short ns = -300;
    printf("(short)-300 -> ushort %u -> char %d -> uchar %u\n",
           (unsigned short)ns, (signed char)ns, (unsigned char)ns);
    printf("hd: %hd hu: %hu hx: %hx\n", (short)70000, (unsigned short)70000, (unsigned short)-2);
    return 0;
}
