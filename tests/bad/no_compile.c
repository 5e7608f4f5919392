int main(void) { return undefined_variable; }
