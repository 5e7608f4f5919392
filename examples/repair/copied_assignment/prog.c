#include <stdio.h>

/* The walk's state: the depth of the entry being printed, and the
   deepest depth seen. */
static struct {
    int depth;
    int deepest;
} st;

static void print_entry(const char *name, char mark)
{
    int i;
    for (i = 0; i < st.depth; i++)
        printf("  ");
    printf("%s%c\n", name, mark);
}

static void enter_dir(int level, const char *name)
{
    st.depth = level;
    if (level > st.deepest)
        st.deepest = level;
    print_entry(name, '/');
}

static void visit_file(int level, const char *name)
{
    if (level > st.deepest)
        st.deepest = level;
    print_entry(name, ' ');
}

/* Input: lines "d LEVEL NAME" (a directory) or "f LEVEL NAME" (a file);
   prints the tree, indented by level. */
int main(void)
{
    char kind, name[64];
    int level;
    while (scanf(" %c %d %63s", &kind, &level, name) == 3) {
        if (kind == 'd')
            enter_dir(level, name);
        else
            visit_file(level, name);
    }
    printf("deepest: %d\n", st.deepest);
    return 0;
}
