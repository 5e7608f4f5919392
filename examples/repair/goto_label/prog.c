#include <stdio.h>

/* The length of the first word of S in *LEN: 1, or 0 when S starts with
   a digit (a number, not a word). */
static int word_len(const char *s, int *len)
{
    int n = 0;
    if (s[0] >= '0' && s[0] <= '9')
        goto done_with_len;
    while (s[n] && s[n] != ' ' && s[n] != ',')
        n++;
    *len = n;
done_with_len:
    return 1;
done:
    return 0;
}

int main(int argc, char **argv)
{
    int i, words = 0;
    for (i = 1; i < argc; i++) {
        int len = -1;
        if (word_len(argv[i], &len)) {
            printf("%s: %d\n", argv[i], len);
            words++;
        } else {
            printf("%s: number\n", argv[i]);
        }
    }
    printf("words: %d\n", words);
    return 0;
}
