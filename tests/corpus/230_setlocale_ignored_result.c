// Regression (found by adversarial testing): setlocale() is not modelled; the FFI call returns a host pointer and the path ends with an unsupported error even when the result is ignored (setlocale(LC_ALL, "") is a common first line; it also chan
#include <stdio.h>
#include <locale.h>
int main(void){ setlocale(LC_ALL, ""); printf("%d\n", 42); return 0; }
