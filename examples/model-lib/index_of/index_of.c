/* The real index_of: linked into native runs only. */
int index_of(const char *s, int c) {
  for (int i = 0; s[i]; i++)
    if (s[i] == c)
      return i;
  return -1;
}
