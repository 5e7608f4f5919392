/* The real digit_sum: linked into native runs only. */
int digit_sum(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s - '0';
  return n;
}
