// A tiny stack-machine interpreter: two-pass assembler with labels, loops, calls; exit code = result % 256.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

enum op { PUSH, POP, ADD, SUB, MUL, DIV, MOD, DUP, SWAP, OVER, JMP, JZ, JNZ, LT, CALL, RET, PRINT, HALT, LOAD, STORE };
static const char *names[] = {"push", "pop", "add", "sub", "mul", "div", "mod", "dup", "swap", "over",
                              "jmp", "jz", "jnz", "lt", "call", "ret", "print", "halt", "load", "store"};
struct ins { enum op op; long arg; };

static const char *program =
    "push 1 store 0 push 10 store 1 "
    "loop: load 1 jz @done load 0 load 1 mul store 0 load 1 push 1 sub store 1 jmp @loop "
    "done: load 0 print push 7 call @poly print "
    "push 0 store 2 push 2 store 3 "
    "ploop: load 3 push 100 lt jz @pend push 2 store 4 "
    "dloop: load 3 load 4 load 4 mul lt jnz @isprime "
    "load 3 load 4 mod jz @notprime load 4 push 1 add store 4 jmp @dloop "
    "isprime: load 2 load 3 add store 2 "
    "notprime: load 3 push 1 add store 3 jmp @ploop "
    "pend: load 2 print push 1000 push 7 over over div print mod print halt "
    "poly: dup dup mul swap push 3 mul add push 1 add ret";

static char label_names[16][16];
static int label_pos[16], nlabels;

static int assemble(const char *src, struct ins *out, char refs[][16]) {
    char buf[1024];
    strcpy(buf, src);
    int n = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        size_t len = strlen(t);
        if (t[len - 1] == ':') { t[len - 1] = 0; strcpy(label_names[nlabels], t); label_pos[nlabels++] = n; continue; }
        if (t[0] == '@') { strcpy(refs[n - 1], t + 1); continue; }
        int op = -1;
        for (int i = 0; i < 20; i++) if (strcmp(t, names[i]) == 0) op = i;
        if (op < 0) { out[n - 1].arg = strtol(t, NULL, 10); continue; }
        refs[n][0] = 0;
        out[n].op = (enum op)op; out[n].arg = 0; n++;
    }
    for (int i = 0; i < n; i++)
        if (refs[i][0]) for (int l = 0; l < nlabels; l++) if (!strcmp(refs[i], label_names[l])) out[i].arg = label_pos[l];
    return n;
}

static long run(const struct ins *code, int n, int *steps) {
    long stack[64], mem[8] = {0}, last = 0;
    int sp = 0, pc = 0, rs[16], rsp = 0;
    *steps = 0;
    while (pc >= 0 && pc < n) {
        struct ins in = code[pc++];
        (*steps)++;
        switch (in.op) {
        case PUSH: stack[sp++] = in.arg; break;
        case POP: sp--; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case DIV: sp--; stack[sp - 1] /= stack[sp]; break;
        case MOD: sp--; stack[sp - 1] %= stack[sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
        case OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case JMP: pc = (int)in.arg; break;
        case JZ: if (stack[--sp] == 0) pc = (int)in.arg; break;
        case JNZ: if (stack[--sp] != 0) pc = (int)in.arg; break;
        case LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
        case CALL: rs[rsp++] = pc; pc = (int)in.arg; break;
        case RET: pc = rs[--rsp]; break;
        case PRINT: last = stack[--sp]; printf("PRINT %ld (step %d, depth %d)\n", last, *steps, sp); break;
        case HALT: printf("halt with %d on stack\n", sp); return last;
        case LOAD: stack[sp++] = mem[in.arg]; break;
        case STORE: mem[in.arg] = stack[--sp]; break;
        }
    }
    return last;
}

int main(void) {
    static struct ins code[256];
    static char refs[256][16];
    int n = assemble(program, code, refs);
    for (int l = 0; l < nlabels; l++) printf("label %s = %d\n", label_names[l], label_pos[l]);
    for (int i = 0; i < n; i += 4) {
        for (int j = i; j < i + 4 && j < n; j++) printf("%3d %-5s %-4ld", j, names[code[j].op], code[j].arg);
        printf("\n");
    }
    int steps;
    long r = run(code, n, &steps);
    printf("result %ld after %d steps, exit %ld\n", r, steps, r % 256);
    return (int)(r % 256);
}
