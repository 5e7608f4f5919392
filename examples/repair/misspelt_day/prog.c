#include <stdio.h>
#include <stdlib.h>

/* Prints the name of day N of the week (1 = Monday) and whether it is a
   working day. */
static const char *names[] = {"Monday", "Tuesday", "Wensday", "Thursday", "Friday", "Saturday", "Sunday"};

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: day N\n");
        return 2;
    }
    int n = atoi(argv[1]);
    if (n < 1 || n > 7) {
        printf("no day %d\n", n);
        return 1;
    }
    printf("day %d is %s", n, names[n - 1]);
    if (n <= 5)
        printf(", a working day\n");
    else
        printf(", a day off\n");
    return 0;
}
