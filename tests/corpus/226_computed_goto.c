// Computed goto (&&label, goto *p): blockaddress constants and indirectbr.
#include <stdio.h>
int main(void) {
    static void *tbl[] = {&&a, &&b};
    int i = 0, acc = 0;
    goto *tbl[0];
a:  acc += 1; i++; goto *tbl[i % 2];
b:  acc *= 3; i++; if (i < 6) goto *tbl[i % 2];
    printf("%d\n", acc);
    return 0;
}
