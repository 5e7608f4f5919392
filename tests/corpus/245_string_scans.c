/* The runtime's scans (computed natively by the VM when concrete):
 * results must be the C library's, including signs and edge cases. */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
  char buf[64] = "hello, world\nsecond line\n";
  char *heap = malloc(16);
  memcpy(heap, "abc\0def\0ghi", 12);
  printf("memchr %td %p\n", (char *)memchr(buf, '\n', sizeof buf) - buf, memchr(buf, 'z', 20));
  printf("memrchr %td\n", (char *)memrchr(buf, 'l', 24) - buf);
  printf("rawmemchr %td\n", (char *)rawmemchr(buf, 's') - buf);
  printf("strlen %zu %zu %zu\n", strlen(buf), strlen(heap), strlen(heap + 4));
  printf("strnlen %zu %zu\n", strnlen(heap, 2), strnlen(heap + 8, 10));
  printf("strchr %td %td %p\n", strchr(buf, 'w') - buf, strchr(buf, 0) - buf, (void *)strchr(buf, 'q'));
  printf("memcmp %d %d %d\n", sign(memcmp("abc", "abd", 3)), sign(memcmp("\xff", "\x01", 1)), memcmp(buf, buf, 0));
  printf("strcmp %d %d %d %d\n", sign(strcmp("abc", "abd")), sign(strcmp("ab", "abc")), strcmp("same", "same"), sign(strcmp("\xe9", "e")));
  printf("strncmp %d %d %d\n", strncmp("abcX", "abcY", 3), sign(strncmp("abcX", "abcY", 4)), strncmp("x", "y", 0));
  printf("values %d %d\n", strcmp("b", "a"), memcmp("a", "c", 1));
  free(heap);
  return 0;
}
