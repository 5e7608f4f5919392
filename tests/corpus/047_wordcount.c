// STDIN: The quick brown fox\njumps over the lazy dog.\n\n  Tabs\tand   spaces  \nlast line without newline
// wc-like counting with a getchar loop: lines, words, chars, longest line and word.
#include <stdio.h>
#include <ctype.h>

int main(void) {
    int c, lines = 0, words = 0, chars = 0, in_word = 0;
    int line_len = 0, longest_line = 0, word_len = 0, longest_word = 0, blank_lines = 0;
    int upper = 0, digits = 0, punct = 0;
    while ((c = getchar()) != EOF) {
        chars++;
        if (c == '\n') {
            lines++;
            if (line_len == 0) blank_lines++;
            if (line_len > longest_line) longest_line = line_len;
            line_len = 0;
        } else {
            line_len++;
        }
        if (isspace(c)) {
            if (in_word && word_len > longest_word) longest_word = word_len;
            in_word = 0;
        } else {
            if (!in_word) { words++; word_len = 0; }
            in_word = 1;
            word_len++;
        }
        upper += isupper(c) != 0;
        digits += isdigit(c) != 0;
        punct += ispunct(c) != 0;
    }
    if (in_word && word_len > longest_word) longest_word = word_len;
    if (line_len > longest_line) longest_line = line_len;
    printf("lines %d words %d chars %d\n", lines, words, chars);
    printf("longest line %d longest word %d blank lines %d\n", longest_line, longest_word, blank_lines);
    printf("upper %d digits %d punct %d\n", upper, digits, punct);
    printf("trailing partial line: %s\n", line_len ? "yes" : "no");
    printf("getchar at EOF again: %d\n", getchar());
    return 0;
}
