/* Sketch `number`: a string in, an integer out, read as C's number
 * parsers read one (atoi-like functions).
 *
 *   skip leading white space (' ', '\t' ... '\r');
 *   take one optional sign, '-' or '+';
 *   acc = 0;
 *   while digit(s[i]):  acc = rho(acc, s[i]); i++;
 *   return the sign applied to acc;
 *
 * `digit` is a condition on one character (the class of characters the
 * number is made of), `rho` the step. The loop stops at the first
 * character that is not a digit. Characters are passed as unsigned
 * values. */
#include "klee/klee.h"

int se2_sketch_number(const char *s) {
  int args[2];
  int acc = 0, neg = 0;
  long i = 0;
  while (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))
    i++;
  if (s[i] == '-' || s[i] == '+') {
    neg = s[i] == '-';
    i++;
  }
  for (; s[i] != 0; i++) {
    args[0] = (unsigned char)s[i];
    if (!klee_apply_symbolic("digit", 1, args))
      break;
    args[0] = acc;
    args[1] = (unsigned char)s[i];
    acc = klee_apply_symbolic("rho", 2, args);
  }
  return neg ? -acc : acc;
}
