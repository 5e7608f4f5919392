/* Benchmark: string processing with hand-written loops and string.h calls:
 * building a large text, tokenizing, searching, reversing, counting, hashing.
 * Prints a checksum. Deterministic, no input. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

#define TEXT_CAP 200000

static char text[TEXT_CAP];
static char work[TEXT_CAP];
static const char *syllables[] = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "xe", "zu", "an", "or", "ak", "na"};

static unsigned rng = 2463534242u;
static unsigned xorshift(void) { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng; }

static size_t my_strlen(const char *s) { const char *p = s; while (*p) p++; return (size_t)(p - s); }

static void reverse(char *s, size_t n) {
    for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) { char t = s[i]; s[i] = s[j]; s[j] = t; }
}

static unsigned long hash(const char *s) {
    unsigned long h = 5381;
    while (*s) h = h * 33 ^ (unsigned char)*s++;
    return h;
}

static int count_occurrences(const char *hay, const char *needle) {
    int n = 0;
    size_t nl = strlen(needle);
    for (const char *p = strstr(hay, needle); p; p = strstr(p + nl, needle)) n++;
    return n;
}

static int is_palindrome(const char *w, size_t n) {
    for (size_t i = 0; i < n / 2; i++) if (w[i] != w[n - 1 - i]) return 0;
    return 1;
}

int main(void) {
    size_t len = 0;
    int words = 0;
    while (len < TEXT_CAP - 64) {
        int syl = 1 + (int)(xorshift() % 4);
        char word[16];
        word[0] = 0;
        for (int s = 0; s < syl; s++) strcat(word, syllables[xorshift() % 14]);
        if (xorshift() % 7 == 0) word[0] = (char)toupper((unsigned char)word[0]);
        size_t wl = strlen(word);
        memcpy(text + len, word, wl);
        len += wl;
        text[len++] = (xorshift() % 10 == 0) ? '.' : ' ';
        words++;
    }
    text[len] = 0;
    printf("built %d words, %zu chars (my_strlen %zu)\n", words, len, my_strlen(text));

    int letters[26] = {0}, upper = 0, spaces = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (isalpha(c)) { letters[tolower(c) - 'a']++; upper += isupper(c) != 0; }
        else if (c == ' ') spaces++;
    }
    unsigned long checksum = 0;
    for (int i = 0; i < 26; i++) checksum = checksum * 7 + (unsigned long)letters[i];
    printf("upper %d spaces %d letter checksum %lu\n", upper, spaces, checksum);

    const char *needles[] = {"kalo", "zuzu", "an", "ruru", "xeor"};
    for (int i = 0; i < 5; i++) printf("'%s' occurs %d times\n", needles[i], count_occurrences(text, needles[i]));

    memcpy(work, text, len + 1);
    reverse(work, len);
    reverse(work, len);
    printf("double reverse identical: %d\n", strcmp(work, text) == 0);

    int tokens = 0, pals = 0;
    unsigned long hsum = 0;
    size_t longest = 0;
    for (char *t = strtok(work, " ."); t; t = strtok(NULL, " .")) {
        size_t n = strlen(t);
        tokens++;
        if (n > longest) longest = n;
        for (char *p = t; *p; p++) *p = (char)tolower((unsigned char)*p);
        pals += is_palindrome(t, n);
        reverse(t, n);
        hsum += hash(t);
    }
    printf("tokens %d longest %zu palindromes %d hash sum %lu\n", tokens, longest, pals, hsum);

    size_t dots = 0;
    for (const char *p = strchr(text, '.'); p; p = strchr(p + 1, '.')) dots++;
    printf("sentences %zu, last word starts at %zu\n", dots, (size_t)(strrchr(text, ' ') - text));
    return 0;
}
