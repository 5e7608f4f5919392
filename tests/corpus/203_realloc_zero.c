// Regression (found by adversarial testing): realloc(p, 0) returns a fresh non-NULL block; glibc frees p and returns NULL
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    char *p = malloc(16);
    char *r = realloc(p, 0);   /* glibc frees p and returns NULL */
    printf("null=%d\n", r == NULL);
    free(r);
    return 0;
}
