// Pointer arithmetic, pointer comparison within one array, pointer-to-pointer, const.
#include <stdio.h>
#include <stddef.h>

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static int *find(int *begin, int *end, int v) {
    for (int *p = begin; p < end; p++) if (*p == v) return p;
    return end;
}
static void reverse(int *lo, int *hi) { while (lo < --hi) swap(lo++, hi); }
static void set_ptr(int **pp, int *target) { *pp = target; }

int main(void) {
    int arr[10];
    for (int i = 0; i < 10; i++) arr[i] = i * i;
    int *p = arr, *end = arr + 10;
    printf("p[3]=%d *(p+4)=%d 5[arr]=%d\n", p[3], *(p + 4), 5[arr]);
    int *q = find(arr, end, 49);
    printf("found 49 at index %td, end-arr=%td\n", q - arr, end - arr);
    printf("find 50 -> end? %d\n", find(arr, end, 50) == end);
    printf("q>p %d q<=end %d q==&arr[7] %d\n", q > p, q <= end, q == &arr[7]);
    reverse(arr, end);
    for (int *r = arr; r != end; ++r) printf("%d ", *r);
    printf("\n");
    int *ip = NULL;
    set_ptr(&ip, &arr[2]);
    *ip += 1000;
    printf("arr[2]=%d ip[-1]=%d ip[1]=%d\n", arr[2], ip[-1], ip[1]);
    int **pp = &ip;
    (*pp)++;
    **pp = -1;
    printf("arr[3]=%d\n", arr[3]);
    char s[] = "pointer walk";
    char *c = s;
    while (*c) c++;
    printf("len via ptr %td\n", c - s);
    for (char *a = s, *b = c - 1; a < b; a++, b--) { char t = *a; *a = *b; *b = t; }
    printf("reversed: %s\n", s);
    const int *cp = arr;
    long sum = 0;
    while (cp < arr + 10) sum += *cp++;
    printf("sum %ld\n", sum);
    double dv[4] = {1.5, 2.5, 3.5, 4.5};
    double *dp = dv + 3;
    double last = *dp--;
    printf("dp-dv %td, last %.1f, *dp %.1f\n", dp - dv, last, *dp);
    void *vp = dv;
    double *back = (double *)vp;
    printf("via void* %.1f\n", back[1]);
    unsigned char *bytes = (unsigned char *)&arr[0];
    int cnt = 0;
    for (size_t i = 0; i < sizeof arr; i++) cnt += bytes[i] != 0;
    printf("nonzero bytes %d\n", cnt);
    int *mid = arr + 5;
    printf("mid-2 %d, mid[-5] %d, &mid[4]-arr %td\n", *(mid - 2), mid[-5], &mid[4] - arr);
    return 0;
}
