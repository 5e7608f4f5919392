// puts, putchar, fputs, fputc, fprintf, fwrite to stdout and stderr (only stdout is compared).
#include <stdio.h>
#include <string.h>

static void box(int w, int h) {
    for (int r = 0; r < h; r++) {
        for (int c = 0; c < w; c++) {
            int edge = r == 0 || r == h - 1 || c == 0 || c == w - 1;
            putchar(edge ? ((r == 0 || r == h - 1) && (c == 0 || c == w - 1) ? '+' : (r == 0 || r == h - 1) ? '-' : '|') : ' ');
        }
        putchar('\n');
    }
}

int main(void) {
    puts("puts adds a newline");
    puts("");
    fputs("fputs does not", stdout);
    fputs(" add one\n", stdout);
    fputs("this line goes to stderr\n", stderr);
    fprintf(stdout, "fprintf stdout %d\n", 1);
    fprintf(stderr, "fprintf stderr %d\n", 2);
    int r = putchar('A');
    r += putchar('\n');
    printf("putchar returns sum %d\n", r);
    fputc('Z', stdout);
    putc('\n', stdout);
    box(7, 4);
    const char msg[] = "fwrite writes exactly n bytes\n";
    size_t w = fwrite(msg, 1, 6, stdout);
    putchar('\n');
    printf("fwrite returned %zu\n", w);
    fwrite(msg, sizeof msg - 1, 1, stdout);
    int n = puts("counted");
    printf("puts returned non-negative: %d\n", n >= 0);
    for (int i = 0; i < 26; i++) putchar('a' + (i * 7) % 26);
    putchar('\n');
    n = printf("%s", "printf return value ");
    printf("%d\n", n);
    fprintf(stderr, "done\n");
    fflush(stdout);
    puts("after fflush");
    return 0;
}
