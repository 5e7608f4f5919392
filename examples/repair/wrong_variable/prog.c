/* fence: a rectangular garden of width W and height H (in metres) gets a
 * fence all around it, except for a gate of width G. Prints how many
 * metres of fence are needed. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int gate;
    int fence;
    int half;
    int width;
    int height;

    if (argc < 4) {
        printf("usage: %s W H GATE\n", argv[0]);
        return 1;
    }

    width = atoi(argv[1]);
    height = atoi(argv[2]);
    gate = atoi(argv[3]);

    printf("garden: %d x %d, gate %d\n", width, height, gate);
    half = width + width;
    fence = half + half - gate;
    if (fence < 0)
        fence = 0;

    printf("fence needed: %d m\n", fence);
    return 0;
}
