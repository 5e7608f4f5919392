// Regression (found by adversarial testing): Special::Realloc releases the old block even when the new allocation fails (returns NULL) -> false use-after-free (exit 139)
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
int main(void) {
    char *p = malloc(16);
    strcpy(p, "hello");
    char *q = realloc(p, SIZE_MAX / 2);   /* fails: the old block must stay valid */
    if (!q) printf("still valid: %s\n", p);
    free(q ? q : p);
    return 0;
}
