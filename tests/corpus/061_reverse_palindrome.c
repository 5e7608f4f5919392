// String reversal (in place, recursive, word order), palindromes (strict and letters-only), number palindromes.
#include <stdio.h>
#include <string.h>
#include <ctype.h>

static void reverse_range(char *a, char *b) { while (a < b) { char t = *a; *a++ = *b; *b-- = t; } }
static void reverse(char *s) { size_t n = strlen(s); if (n) reverse_range(s, s + n - 1); }
static void rev_rec(const char *s, char *out, size_t n) { if (!*s) { out[n] = 0; return; } rev_rec(s + 1, out, n); out[n - strlen(s)] = *s; }
static void reverse_words(char *s) {
    reverse(s);
    for (char *w = s; *w;) {
        while (*w == ' ') w++;
        char *e = w;
        while (*e && *e != ' ') e++;
        if (e > w) reverse_range(w, e - 1);
        w = e;
    }
}
static int is_pal(const char *s) { size_t n = strlen(s); for (size_t i = 0; i < n / 2; i++) if (s[i] != s[n - 1 - i]) return 0; return 1; }
static int is_pal_loose(const char *s) {
    const char *a = s, *b = s + strlen(s);
    if (b == a) return 1;
    b--;
    while (a < b) {
        if (!isalnum((unsigned char)*a)) { a++; continue; }
        if (!isalnum((unsigned char)*b)) { b--; continue; }
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
        a++; b--;
    }
    return 1;
}
static long rev_num(long n) { long r = 0; while (n) { r = r * 10 + n % 10; n /= 10; } return r; }

int main(void) {
    char s[] = "Hello, symbolic world!";
    reverse(s);
    printf("reversed: %s\n", s);
    char out[64];
    rev_rec("recursion", out, strlen("recursion"));
    printf("rec reversed: %s\n", out);
    char words[] = "the quick  brown fox jumps";
    reverse_words(words);
    printf("word order: '%s'\n", words);
    const char *tests[] = {"racecar", "abba", "abca", "a", "", "A man, a plan, a canal: Panama", "No lemon, no melon", "not one"};
    for (int i = 0; i < 8; i++) printf("'%s': strict %d loose %d\n", tests[i], is_pal(tests[i]), is_pal_loose(tests[i]));
    int count = 0;
    long last = 0;
    for (long n = 1; n < 20000; n++) if (rev_num(n) == n) { count++; last = n; }
    printf("numeric palindromes below 20000: %d, last %ld\n", count, last);
    long x = 89;
    int steps = 0;
    while (rev_num(x) != x && steps < 30) { x += rev_num(x); steps++; }
    printf("89 reaches palindrome %ld after %d steps\n", x, steps);
    return 0;
}
