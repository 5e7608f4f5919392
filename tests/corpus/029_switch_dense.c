// Dense switch statements (jump tables), fallthrough, default, nested switch.
#include <stdio.h>

static const char *day_name(int d) {
    switch (d) {
    case 0: return "sun"; case 1: return "mon"; case 2: return "tue"; case 3: return "wed";
    case 4: return "thu"; case 5: return "fri"; case 6: return "sat";
    default: return "???";
    }
}
static int days_in_month(int m, int leap) {
    switch (m) {
    case 2: return leap ? 29 : 28;
    case 4: case 6: case 9: case 11: return 30;
    default: return 31;
    }
}
static int duff_sum(const int *p, int n) {
    int s = 0, k = (n + 3) / 4;
    if (n == 0) return 0;
    switch (n % 4) {
    case 0: do { s += *p++;
    case 3:      s += *p++;
    case 2:      s += *p++;
    case 1:      s += *p++;
            } while (--k > 0);
    }
    return s;
}
static int score(char grade, char mod) {
    int base;
    switch (grade) {
    case 'A': base = 90; break;
    case 'B': base = 80; break;
    case 'C': base = 70; break;
    case 'D': base = 60; break;
    default: base = 0;
    }
    switch (mod) { case '+': base += 5; break; case '-': base -= 5; break; }
    return base;
}

int main(void) {
    for (int d = -1; d <= 7; d++) printf("%d:%s ", d, day_name(d));
    printf("\n");
    int total = 0;
    for (int m = 1; m <= 12; m++) { total += days_in_month(m, 0); printf("%d ", days_in_month(m, 1)); }
    printf("\ntotal %d\n", total);
    int data[13];
    for (int i = 0; i < 13; i++) data[i] = i * i - 5;
    for (int n = 0; n <= 13; n++) printf("duff(%d)=%d\n", n, duff_sum(data, n));
    const char *grades[] = {"A+", "A", "B-", "C+", "D", "F", "E-"};
    for (int i = 0; i < 7; i++) printf("%s=%d ", grades[i], score(grades[i][0], grades[i][1]));
    printf("\n");
    int acc = 0;
    for (int i = 0; i < 20; i++) {
        switch (i % 6) {
        case 0: acc += 1;
        case 1: acc *= 2; break;
        case 2: acc -= 3;
        case 3: acc ^= 5;
        case 4: acc += i; break;
        default: acc = acc % 1000;
        }
    }
    printf("acc %d\n", acc);
    return 0;
}
