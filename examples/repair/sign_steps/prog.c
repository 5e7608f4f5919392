/* sign_steps: the loop example of the SE-ESOC paper (Fig. 2). Reads a
 * number x and, for i = 0..9, prints '+' when x - i is above the
 * threshold and '-' otherwise. The threshold should be -2. */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1)
        return 1;
    for (int i = 0; i < 10; i++) {
        int t = x - i;
        if (t > 0)
            putchar('+');
        else
            putchar('-');
    }
    putchar('\n');
    return 0;
}
