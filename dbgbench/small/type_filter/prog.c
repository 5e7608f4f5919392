#include <assert.h>
#include <stdio.h>

#define T_FILE 1
#define T_DIR 2
#define T_LINK 3
#define T_NOSTAT 4 /* stat failed */
#define T_LOOP 5   /* a symbolic link loop: no stat information either */

/* Reads entries "TYPE NAME" (TYPE as above) and prints the names of
 * regular files; entries without stat information are reported on stdout
 * and counted. The exit status is 1 if there were such entries. */
static int is_file(int type) {
    assert(type != T_LOOP);
    return type == T_FILE;
}

int main(void) {
    int type, errors = 0;
    char name[64];
    while (scanf("%d %63s", &type, name) == 2) {
        if (type == T_NOSTAT) {
            printf("%s: no such file\n", name);
            errors++;
            continue;
        }
        if (is_file(type))
            printf("%s\n", name);
    }
    return errors > 0;
}
