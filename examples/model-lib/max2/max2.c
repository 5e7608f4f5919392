/* The real max2. */
int max2(int a, int b) { return a > b ? a : b; }
