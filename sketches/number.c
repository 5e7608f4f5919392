/* Sketch `number`: a string in, an integer out, read as C's number
 * parsers read one (atoi, and strtol with its end pointer).
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
 * values. `end`, when not null, receives where the loop stopped, or `s`
 * itself when no digit was read (the parsers' contract for "no number").
 * Integer arguments of the function (strtol's base) do not reach the
 * holes: the sketch reads one fixed notation. */
#include "klee/klee.h"

int se2_sketch_number(const char *s, const char **end) {
  int args[2];
  int acc = 0, neg = 0;
  long i = 0, first;
  while (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))
    i++;
  if (s[i] == '-' || s[i] == '+') {
    neg = s[i] == '-';
    i++;
  }
  for (first = i; s[i] != 0; i++) {
    args[0] = (unsigned char)s[i];
    if (!klee_apply_symbolic("digit", 1, args))
      break;
    args[0] = acc;
    args[1] = (unsigned char)s[i];
    acc = klee_apply_symbolic("rho", 2, args);
  }
  if (end != 0)
    *end = i == first ? s : s + i;
  return neg ? -acc : acc;
}
