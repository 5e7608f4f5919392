// Many printf conversions: flags, widths, precisions from '*' (negative too), length modifiers, %n, %p of NULL, %a, %g edge values, -0.0, inf/nan.
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <math.h>

int main(void) {
    int n1 = 0, n2 = 0;
    printf("[%d|%5d|%-5d|%05d|%+d|% d|%+05d|%-+6d|%.3d|%8.3d|%-8.3d|%08.3d]\n", 42, 42, 42, 42, 42, 42, -42, 7, 7, -7, 7, 7);
    printf("[%u|%x|%X|%#x|%#X|%o|%#o|%#.0o|%#.0x|%.0d|%5.0d]\n", 3000000000u, 255u, 255u, 255u, 0u, 8u, 8u, 0u, 0u, 0, 0);
    printf("[%hhd|%hhu|%hd|%hu|%ld|%lu|%lld|%llu]\n", 300, 300, 70000, 70000, -1L, (unsigned long)-1L, INT64_MIN, UINT64_MAX);
    printf("[%zd|%zu|%td|%jd|%ju|%#lx|%#llo]\n", (ssize_t)-5, (size_t)12345, (ptrdiff_t)-77, (intmax_t)INT64_MAX, (uintmax_t)1 << 63, 0xdeadbeefUL, 0777ULL);
    printf("[%*d|%-*d|%*d|%.*d|%.*d|%*.*d]\n", 6, 1, 6, 2, -6, 3, 4, 5, -2, 6, 8, 3, 9);
    printf("[%c|%3c|%-3c|%%]\n", 'a', 'b', 'c');
    printf("[%s|%10s|%-10s|%.2s|%10.3s|%-10.1s|%.0s]\n", "str", "right", "left", "trunc", "abcdef", "xyz", "gone");
    printf("[%p|%10p|%-10p]\n", (void *)0, (void *)0, (void *)0);
    printf("abc%ndefgh%n|\n", &n1, &n2);
    printf("n1=%d n2=%d\n", n1, n2);
    double ds[] = {0.0, -0.0, 1.0, -1.5, 0.1, 1e-5, 123456789.0, 1e21, 5e-324, 1.7976931348623157e308, 0.5, 2.5, 1.25e-7};
    for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++)
        printf("[%f|%.0f|%#.0f|%e|%.3E|%g|%G|%#g|%.10g|%+.2f|% .1e|%012.4f|%-12.2e|%a]\n", ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i], ds[i]);
    printf("[%f|%e|%g|%F|%E|%G|%a|%A]\n", INFINITY, -INFINITY, NAN, INFINITY, NAN, -INFINITY, -INFINITY, NAN);
    printf("[%8.3f|%-8.3f|%08.3f|%+08.3f|%08f]\n", -INFINITY, NAN, INFINITY, -NAN, INFINITY);
    printf("[%.1f|%.1f|%.1f|%.1f|%.2f|%.2f]\n", 0.05, 0.15, 0.25, 0.35, 1.005, 2.675);
    printf("[%.20f|%.30e|%.17g]\n", 0.1, 1.0 / 3.0, 2.0 / 3.0);
    printf("[%g|%g|%g|%g|%g|%g]\n", 100000.0, 1000000.0, 1e-4, 1e-5, 123456.5, 0.0001234565);
    printf("[%f|%g|%e]\n", (double)3.14159f, (double)1e-38f, (double)-2.5f);
    float f = 16777217.0f;
    printf("[%.1f|%a]\n", f, (double)f);
    int r = printf("%s%c%d%%\n", "ret", 'v', -1234);
    printf("r=%d\n", r);
    r = printf("[%.*f|%*.*e]\n", 3, 2.0 / 7.0, 15, 4, -1e100);
    printf("r=%d\n", r);
    return 0;
}
