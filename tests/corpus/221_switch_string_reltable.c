// Regression (found by adversarial testing): -O1/-O2: switch returning string literals becomes a relative lookup table (llvm.load.relative.i64 + trunc(sub(ptrtoint,ptrtoint)) initializer) -> unsupported intrinsic
// CFLAGS: -O1
#include <stdio.h>
static const char *name(int i) {
    switch (i) {
    case 0: return "zero"; case 1: return "one"; case 2: return "two";
    case 3: return "three"; case 4: return "four"; default: return "many";
    }
}
int main(int argc, char **argv) {
    (void)argv;
    for (int i = argc - 1; i < 6; i++) printf("%s\n", name(i));
    return 0;
}
