int down(int n) { return n == 0 ? 0 : 1 + down(n + 1); }
int main(void) { return down(1); }
