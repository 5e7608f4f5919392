typedef int v4 __attribute__((vector_size(16)));
int main(void) {
  v4 a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
  v4 c = a + b;
  return c[0] - 6;
}
