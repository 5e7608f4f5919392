// Bitfields: signed/unsigned fields, packing, overflow of fields, flags.
#include <stdio.h>

struct flags { unsigned ready : 1, error : 1, mode : 3, count : 11; };
struct packed { signed int s : 5; unsigned int u : 5; int : 0; unsigned int next : 7; };
struct date { unsigned day : 5, month : 4, year : 12; };
struct wide { unsigned long long lo : 40, hi : 24; };

static unsigned encode(struct date d) { return d.year * 10000 + d.month * 100 + d.day; }

int main(void) {
    struct flags f = {0};
    f.ready = 1; f.mode = 5; f.count = 2000;
    printf("ready %u error %u mode %u count %u\n", f.ready, f.error, f.mode, f.count);
    f.mode += 4;
    f.count += 100;
    printf("wrapped mode %u count %u\n", f.mode, f.count);
    f.error = ~f.error;
    printf("error toggled %u size %zu\n", f.error, sizeof f);
    struct packed p;
    p.s = 15; p.u = 31; p.next = 100;
    printf("s %d u %u next %u\n", p.s, p.u, p.next);
    p.s = p.s + 1 - 32;
    p.u = p.u + 1 - 32;
    printf("s %d u %u\n", p.s, p.u);
    p.s = -16;
    printf("s=-16 -> %d, s>>1 %d, s as unsigned %u\n", p.s, p.s >> 1, (unsigned)p.s);
    for (int v = -20; v <= 20; v += 7) {
        p.s = v & 15;
        p.u = (unsigned)v & 31;
        printf("v %3d -> s %3d u %2u\n", v, p.s, p.u);
    }
    struct date dates[] = {{31, 12, 1999}, {1, 1, 2000}, {29, 2, 2024}};
    for (int i = 0; i < 3; i++)
        printf("%04u-%02u-%02u encoded %u\n", dates[i].year, dates[i].month, dates[i].day, encode(dates[i]));
    dates[0].day++;
    printf("day overflow %u\n", dates[0].day);
    struct wide w;
    w.lo = 0xffffffffffull; w.hi = 0xabcdef;
    w.lo += 2;
    printf("wide lo %llx hi %llx size %zu\n", (unsigned long long)w.lo, (unsigned long long)w.hi, sizeof w);
    unsigned total = 0;
    struct flags arr[10];
    for (int i = 0; i < 10; i++) { arr[i].ready = i & 1; arr[i].error = i % 3 == 0; arr[i].mode = i; arr[i].count = i * 300; }
    for (int i = 0; i < 10; i++) total += arr[i].ready + arr[i].error * 10 + arr[i].mode * 100 + arr[i].count;
    printf("total %u\n", total);
    return 0;
}
