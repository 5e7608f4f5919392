#include <stdio.h>

/* Prints the largest k with 1 + 2 + ... + k <= n. */
int main(void) {
    int n, k = 0, sum = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    for (int i = 1; ; i++) {
        sum += i;
        if (sum < n)
            k++;
        else
            break;
    }
    printf("%d\n", k);
    return 0;
}
