// CFLAGS: -O1
// Dynamic programming: LCS with reconstruction, edit distance, 0/1 knapsack, coin change, LIS.
#include <stdio.h>
#include <string.h>

static int L[64][64];

static int lcs(const char *a, const char *b, char *out) {
    int n = (int)strlen(a), m = (int)strlen(b);
    for (int i = 0; i <= n; i++) for (int j = 0; j <= m; j++)
        L[i][j] = !i || !j ? 0 : a[i - 1] == b[j - 1] ? L[i - 1][j - 1] + 1 : L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1];
    int k = L[n][m];
    out[k] = 0;
    for (int i = n, j = m; i && j;) {
        if (a[i - 1] == b[j - 1]) { out[--k] = a[i - 1]; i--; j--; }
        else if (L[i - 1][j] >= L[i][j - 1]) i--;
        else j--;
    }
    return L[n][m];
}
static int edit(const char *a, const char *b) {
    int n = (int)strlen(a), m = (int)strlen(b);
    for (int i = 0; i <= n; i++) for (int j = 0; j <= m; j++) {
        if (!i || !j) { L[i][j] = i + j; continue; }
        int sub = L[i - 1][j - 1] + (a[i - 1] != b[j - 1]), del = L[i - 1][j] + 1, ins = L[i][j - 1] + 1;
        L[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
    }
    return L[n][m];
}
static int knapsack(const int *w, const int *v, int n, int cap) {
    int best[101] = {0};
    for (int i = 0; i < n; i++) for (int c = cap; c >= w[i]; c--) if (best[c - w[i]] + v[i] > best[c]) best[c] = best[c - w[i]] + v[i];
    return best[cap];
}
static long coin_ways(const int *coins, int n, int amount) {
    long ways[501] = {1};
    for (int i = 0; i < n; i++) for (int a = coins[i]; a <= amount; a++) ways[a] += ways[a - coins[i]];
    return ways[amount];
}
static int lis(const int *a, int n) {
    int tails[64], len = 0;
    for (int i = 0; i < n; i++) {
        int lo = 0, hi = len;
        while (lo < hi) { int mid = (lo + hi) / 2; if (tails[mid] < a[i]) lo = mid + 1; else hi = mid; }
        tails[lo] = a[i];
        if (lo == len) len++;
    }
    return len;
}

int main(void) {
    const char *pairs[][2] = {{"AGGTAB", "GXTXAYB"}, {"kitten", "sitting"}, {"symbolic", "execution"}, {"", "abc"}, {"intention", "execution"}};
    char out[64];
    for (int i = 0; i < 5; i++) {
        int l = lcs(pairs[i][0], pairs[i][1], out);
        printf("%s/%s: lcs %d '%s' edit %d\n", pairs[i][0], pairs[i][1], l, out, edit(pairs[i][0], pairs[i][1]));
    }
    int w[] = {12, 7, 11, 8, 9, 23, 5, 14}, v[] = {24, 13, 23, 15, 16, 50, 7, 30};
    for (int cap = 10; cap <= 100; cap += 30) printf("knapsack cap %d -> %d\n", cap, knapsack(w, v, 8, cap));
    int coins[] = {1, 2, 5, 10, 20, 50, 100, 200};
    for (int amt = 10; amt <= 500; amt *= 3) printf("ways to make %d: %ld\n", amt, coin_ways(coins, 8, amt));
    int seq[40];
    unsigned s = 5;
    for (int i = 0; i < 40; i++) { s = s * 69069u + 1u; seq[i] = (int)(s >> 24); }
    printf("LIS of 40 pseudo-random values: %d\n", lis(seq, 40));
    return 0;
}
