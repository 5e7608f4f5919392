// csmith differential testing: bitfield storage units wider than 64 bits.
// In a packed struct, clang-14 -O0 accesses a run of adjacent bitfields as
// ONE integer of the run's total width: here 17+30+14+5 = 66 bits, so every
// field read is `load i72` + shl/ashr/lshr i72 + trunc, and every write a
// `load i72`/and/or/`store i72`.  csmith emits such packed structs
// (#pragma pack(1)) in about 3% of programs (seeds 10 26 46 98 124 181 187
// among 1..250, as i80..i112).
// Expected (native):  "f0=-303 f1=2005 f2=6 f3=-1" then "f1=-7", exit 0
// Actual (se2repair): nothing printed, exit 1; test000001.exec.err says
//   "Error: unsupported: i72 (integers wider than 64 bits)"
#include <stdio.h>
#pragma pack(push)
#pragma pack(1)
struct S { signed f0 : 17; signed f1 : 30; signed f2 : 14; signed f3 : 5; };
#pragma pack(pop)
struct S g = {-303, 2005, 6, -1};
int main(void) {
    printf("f0=%d f1=%d f2=%d f3=%d\n", g.f0, g.f1, g.f2, g.f3);
    g.f1 = -7;
    printf("f1=%d\n", g.f1);
    return 0;
}
