/* ticket_price: computes the cinema ticket price for a visitor's age.
 * Children pay 6, adults (18 and older) pay 11, seniors (65+) pay 7. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int age;
    int price;

    if (argc < 2) {
        printf("usage: %s AGE\n", argv[0]);
        return 1;
    }

    age = atoi(argv[1]);
    price = 6;
    if (age >= 17)
        price = 11;
    if (age >= 65)
        price = 7;

    printf("age %d: price %d\n", age, price);
    return 0;
}
