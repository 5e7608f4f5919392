/* stock_total: the shop has five products with ids 1..5. For each id
 * given on the command line, adds the product's stock to a total.
 * Unknown ids are ignored. */
#include <stdio.h>
#include <stdlib.h>

static int stock[5] = {4, 0, 7, 2, 9};

static int *find_stock(int id)
{
    if (id >= 1 && id <= 5)
        return &stock[id - 1];
    return NULL;
}

int main(int argc, char **argv)
{
    int total = 0;
    int id;
    int i;
    int *entry;

    for (i = 1; i < argc; i++) {
        id = atoi(argv[i]);
        entry = find_stock(id);
        total = total + *entry;
    }

    printf("items requested: %d\n", argc - 1);
    printf("total stock: %d\n", total);
    return 0;
}
