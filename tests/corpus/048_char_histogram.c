// Letter frequency histogram from stdin (getchar), with bars and sorted top letters.
#include <stdio.h>
#include <ctype.h>

int main(void) {
    int freq[26] = {0}, other = 0, total = 0, c;
    while ((c = getchar()) != EOF) {
        if (isalpha(c)) { freq[tolower(c) - 'a']++; total++; }
        else if (!isspace(c)) other++;
    }
    printf("letters %d other %d\n", total, other);
    int max = 0;
    for (int i = 0; i < 26; i++) if (freq[i] > max) max = freq[i];
    for (int i = 0; i < 26; i++) {
        if (!freq[i]) continue;
        printf("%c %3d ", 'a' + i, freq[i]);
        int bar = max ? freq[i] * 40 / max : 0;
        for (int j = 0; j < bar; j++) putchar('#');
        printf(" %5.1f%%\n", 100.0 * freq[i] / total);
    }
    int order[26];
    for (int i = 0; i < 26; i++) order[i] = i;
    for (int i = 1; i < 26; i++) {
        int k = order[i], j = i - 1;
        while (j >= 0 && (freq[order[j]] < freq[k] || (freq[order[j]] == freq[k] && order[j] > k))) { order[j + 1] = order[j]; j--; }
        order[j + 1] = k;
    }
    printf("top5:");
    for (int i = 0; i < 5; i++) printf(" %c=%d", 'a' + order[i], freq[order[i]]);
    printf("\nmissing:");
    for (int i = 0; i < 26; i++) if (!freq[i]) printf(" %c", 'a' + i);
    printf("\n");
    return 0;
}
