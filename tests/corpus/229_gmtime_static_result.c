// Regression (found by adversarial testing): libc functions returning pointers to their own static storage (gmtime, localtime, ctime, asctime, setlocale, ...) are called on the host and rejected: unsupported: external gmtime returned a pointer t
#include <stdio.h>
#include <time.h>
int main(void) {
    time_t t = 1000000000;
    struct tm *p = gmtime(&t);   /* also localtime, ctime, asctime, strsignal, ... */
    printf("%d %d\n", p->tm_year, p->tm_yday);
    return 0;
}
