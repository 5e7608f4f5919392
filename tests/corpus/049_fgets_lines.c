// fgets line processing: strip newline, parse "key value" commands, long lines split by fgets.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(void) {
    char line[32];
    int lineno = 0, total = 0, pieces = 0;
    long stack[16];
    int sp = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        int complete = len > 0 && line[len - 1] == '\n';
        if (complete) line[--len] = '\0';
        pieces++;
        if (!complete && len == sizeof line - 1) { printf("chunk(%zu): '%s'\n", len, line); continue; }
        lineno++;
        if (len == 0) { printf("%d: <empty>\n", lineno); continue; }
        if (line[0] == '#') { printf("%d: comment\n", lineno); continue; }
        char cmd[16];
        long arg = 0;
        int n = sscanf(line, "%15s %ld", cmd, &arg);
        if (n >= 1 && strcmp(cmd, "push") == 0 && n == 2 && sp < 16) { stack[sp++] = arg; printf("%d: push %ld\n", lineno, arg); }
        else if (n >= 1 && strcmp(cmd, "add") == 0 && sp >= 2) { sp--; stack[sp - 1] += stack[sp]; printf("%d: add -> %ld\n", lineno, stack[sp - 1]); }
        else if (n >= 1 && strcmp(cmd, "mul") == 0 && sp >= 2) { sp--; stack[sp - 1] *= stack[sp]; printf("%d: mul -> %ld\n", lineno, stack[sp - 1]); }
        else if (n >= 1 && strcmp(cmd, "print") == 0) { printf("%d: stack[%d]:", lineno, sp); for (int i = 0; i < sp; i++) printf(" %ld", stack[i]); printf("\n"); }
        else printf("%d: unknown '%s' (len %zu)\n", lineno, line, len);
        total += (int)len;
    }
    printf("lines %d pieces %d chars %d, feof %d\n", lineno, pieces, total, feof(stdin) != 0);
    return sp > 0 ? (int)(stack[sp - 1] % 256) : 0;
}
