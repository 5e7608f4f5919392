#include <stdio.h>

/* A tank takes in `in` litres and lets out `out` litres at each of n
 * steps; it holds at most `cap` litres and never less than none. Prints
 * the final level and at how many steps the tank ended empty. */
int main(void)
{
    int n, in, out, cap;
    int level = 0, empty = 0;

    if (scanf("%d %d %d %d", &n, &in, &out, &cap) != 4)
        return 1;
    for (int t = 0; t < n; t++) {
        level = level + in;
        if (level > cap)
            level = cap;
        level = level - in;
        if (level < 0)
            level = 0;
        if (level == 0)
            empty++;
    }
    printf("level %d, empty %d times\n", level, empty);
    return 0;
}
