/* maxval: prints the largest of the integers given on the command line. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int best;
    int value;
    int i;

    if (argc < 2) {
        printf("usage: %s N...\n", argv[0]);
        return 1;
    }

    best = atoi(argv[1]);
    for (i = 2; i < argc; i++) {
        value = atoi(argv[i]);
        if (value < best)
            best = value;
    }

    printf("max = %d\n", best);
    return 0;
}
