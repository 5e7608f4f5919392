// Calls C library functions the VM does not model, so they run on the
// host through the external-call dispatcher: scalar arguments (ffs),
// pointers read by the callee (strverscmp), and a buffer the callee
// rewrites in place (memfrob), which must be copied back.
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <strings.h>

int main(void) {
  printf("ffs: %d %d %d\n", ffs(0), ffs(0x80), ffs(0x10000));
  printf("strverscmp: %d %d\n", strverscmp("file9", "file10") < 0, strverscmp("a2", "a2") == 0);
  char buf[8] = "secret!";
  memfrob(buf, 7);
  for (int i = 0; i < 7; i++)
    printf("%02x", (unsigned char)buf[i]);
  memfrob(buf, 7);
  printf(" %s\n", buf);
  return 0;
}
