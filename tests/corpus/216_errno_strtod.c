// Regression (found by adversarial testing): strtod (Special::Strtod, host strtod) and strtof never set the program's errno (ERANGE)
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
int main(void) {
    errno = 0; double d = strtod("1e999", NULL); printf("%g %d\n", d, errno == ERANGE);
    errno = 0; float f = strtof("1e50", NULL); printf("%g %d\n", f, errno == ERANGE);
    return 0;
}
