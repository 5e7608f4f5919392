typedef char v4c __attribute__((vector_size(4)));
int main(int argc, char **argv) {
  v4c a = {1, 2, 3, (char)argc};
  int whole = (int)a; /* a bitcast of a vector to an integer */
  return whole == 0;
}
