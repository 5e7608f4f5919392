/* The real count_upper: linked into native runs only. */
int count_upper(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s >= 'A' && *s <= 'Z';
  return n;
}
