#include <stdio.h>

/* Reads scores (0 to 100, with decimals) and prints each with its letter
 * grade: A from 90, B from 80, C from 70, D from 60, F below. */
int main(void)
{
    double score;

    while (scanf("%lf", &score) == 1) {
        char grade;
        if (score >= 90.0)
            grade = 'A';
        else if (score > 80.0)
            grade = 'B';
        else if (score >= 70.0)
            grade = 'C';
        else if (score >= 60.0)
            grade = 'D';
        else
            grade = 'F';
        printf("%.1f %c\n", score, grade);
    }
    return 0;
}
