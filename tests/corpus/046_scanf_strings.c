// scanf with %s, %c, %[...], field widths and return values; input in 046_scanf_strings.stdin.
#include <stdio.h>
#include <string.h>

struct rec { char name[16]; int age; char grade; double score; };

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    struct rec recs[8];
    int k = 0;
    for (int i = 0; i < n && i < 8; i++) {
        struct rec *r = &recs[k];
        int got = scanf("%15s %d %c %lf", r->name, &r->age, &r->grade, &r->score);
        printf("record %d: got %d fields\n", i, got);
        if (got == 4) k++;
        else { int skipped = scanf("%*[^\n]"); printf("skipped rest of line (%d)\n", skipped); }
    }
    double total = 0;
    int oldest = 0;
    for (int i = 0; i < k; i++) {
        printf("%-10s age %3d grade %c score %6.2f\n", recs[i].name, recs[i].age, recs[i].grade, recs[i].score);
        total += recs[i].score;
        if (recs[i].age > recs[oldest].age) oldest = i;
    }
    printf("avg score %.3f, oldest %s\n", k ? total / k : 0.0, recs[oldest].name);
    char word[8] = "";
    scanf("%7s", word);
    printf("width-limited word '%s'\n", word);
    scanf("%7s", word);
    printf("rest '%s'\n", word);
    char set[32] = "";
    int got = scanf(" %31[a-z]", set);
    printf("scanset (%d) '%s'\n", got, set);
    char rest[64] = "";
    got = scanf("%63[^\n]", rest);
    printf("until newline (%d) '%s'\n", got, rest);
    char c1 = '?', c2 = '?';
    got = scanf(" %c%c", &c1, &c2);
    printf("chars (%d) '%c' '%c'\n", got, c1, c2);
    int key = -1, val = -1;
    got = scanf(" key=%d,val=%d", &key, &val);
    printf("literal match (%d) key %d val %d\n", got, key, val);
    int bad = -1;
    got = scanf("%d", &bad);
    printf("non-number gives %d\n", got);
    return 0;
}
