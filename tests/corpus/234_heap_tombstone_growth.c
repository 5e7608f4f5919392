// Regression (found by adversarial testing): freed heap objects stay in the slot table as tombstones forever (Memory::alloc never reuses heap ids);
//        every malloc/free pair leaks ~210 bytes of tool memory, so allocation-heavy programs exhaust host RAM.
//         with N=30,000,000 the tool would need ~6-7 GB (not run here, to spare the shared machine).
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    unsigned long s = 0;
    for (int i = 0; i < 3000000; i++) { char *p = malloc(64); p[0] = (char)i; s += (unsigned char)p[0]; free(p); }
    printf("%lu\n", s);
    return 0;
}
