// Hand-written sorts (bubble, insertion, selection, merge, quick, heap, shell) over the same data.
#include <stdio.h>
#include <string.h>

#define N 64
static void bubble(int *a, int n) { for (int i = 0; i < n; i++) for (int j = 0; j + 1 < n - i; j++) if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; } }
static void insertion(int *a, int n) { for (int i = 1; i < n; i++) { int k = a[i], j = i - 1; while (j >= 0 && a[j] > k) { a[j + 1] = a[j]; j--; } a[j + 1] = k; } }
static void selection(int *a, int n) { for (int i = 0; i < n; i++) { int m = i; for (int j = i + 1; j < n; j++) if (a[j] < a[m]) m = j; int t = a[i]; a[i] = a[m]; a[m] = t; } }
static void merge_sort(int *a, int *tmp, int lo, int hi) {
    if (hi - lo < 2) return;
    int mid = (lo + hi) / 2;
    merge_sort(a, tmp, lo, mid); merge_sort(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}
static void quick(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < p) i++;
        while (a[j] > p) j--;
        if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    quick(a, lo, j); quick(a, i, hi);
}
static void sift(int *a, int n, int i) {
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && a[l] > a[m]) m = l;
        if (r < n && a[r] > a[m]) m = r;
        if (m == i) return;
        int t = a[i]; a[i] = a[m]; a[m] = t; i = m;
    }
}
static void heap(int *a, int n) {
    for (int i = n / 2 - 1; i >= 0; i--) sift(a, n, i);
    for (int e = n - 1; e > 0; e--) { int t = a[0]; a[0] = a[e]; a[e] = t; sift(a, e, 0); }
}
static void shell(int *a, int n) {
    for (int g = n / 2; g > 0; g /= 2)
        for (int i = g; i < n; i++) { int t = a[i], j; for (j = i; j >= g && a[j - g] > t; j -= g) a[j] = a[j - g]; a[j] = t; }
}
static unsigned long check(const int *a, int n) {
    unsigned long h = 0;
    int sorted = 1;
    for (int i = 0; i < n; i++) { h = h * 131 + (unsigned)a[i]; if (i && a[i - 1] > a[i]) sorted = 0; }
    return sorted ? h : 0;
}

int main(void) {
    int orig[N], a[N], tmp[N];
    unsigned s = 2024;
    for (int i = 0; i < N; i++) { s = s * 1664525u + 1013904223u; orig[i] = (int)(s >> 20) % 500 - 250; }
    const char *names[] = {"bubble", "insertion", "selection", "merge", "quick", "heap", "shell"};
    for (int k = 0; k < 7; k++) {
        memcpy(a, orig, sizeof a);
        switch (k) {
        case 0: bubble(a, N); break;
        case 1: insertion(a, N); break;
        case 2: selection(a, N); break;
        case 3: merge_sort(a, tmp, 0, N); break;
        case 4: quick(a, 0, N - 1); break;
        case 5: heap(a, N); break;
        case 6: shell(a, N); break;
        }
        printf("%-9s check %lu first %d %d %d last %d\n", names[k], check(a, N), a[0], a[1], a[2], a[N - 1]);
    }
    for (int i = 0; i < N; i++) printf("%d%c", a[i], i % 16 == 15 ? '\n' : ' ');
    return 0;
}
