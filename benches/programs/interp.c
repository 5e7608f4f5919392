/* Benchmark: a small bytecode interpreter (register machine with a switch
 * dispatch loop) running loop-heavy programs: counting primes by trial
 * division, iterative fibonacci mod m, and a nested-loop checksum. */
#include <stdio.h>

enum { OP_LI, OP_MOV, OP_ADD, OP_SUB, OP_MUL, OP_MOD, OP_ADDI, OP_JMP, OP_JLT, OP_JGE, OP_JEQ, OP_JNE, OP_HALT };

struct insn { unsigned char op, a, b, c; int imm; };

static long regs[16];

static long run(const struct insn *code, long *steps_out) {
    long steps = 0;
    int pc = 0;
    for (;;) {
        const struct insn *in = &code[pc++];
        steps++;
        switch (in->op) {
        case OP_LI: regs[in->a] = in->imm; break;
        case OP_MOV: regs[in->a] = regs[in->b]; break;
        case OP_ADD: regs[in->a] = regs[in->b] + regs[in->c]; break;
        case OP_SUB: regs[in->a] = regs[in->b] - regs[in->c]; break;
        case OP_MUL: regs[in->a] = regs[in->b] * regs[in->c]; break;
        case OP_MOD: regs[in->a] = regs[in->b] % regs[in->c]; break;
        case OP_ADDI: regs[in->a] = regs[in->b] + in->imm; break;
        case OP_JMP: pc = in->imm; break;
        case OP_JLT: if (regs[in->a] < regs[in->b]) pc = in->imm; break;
        case OP_JGE: if (regs[in->a] >= regs[in->b]) pc = in->imm; break;
        case OP_JEQ: if (regs[in->a] == regs[in->b]) pc = in->imm; break;
        case OP_JNE: if (regs[in->a] != regs[in->b]) pc = in->imm; break;
        case OP_HALT: *steps_out = steps; return regs[0];
        }
    }
}

/* r0 = number of primes below r1 (trial division by odd numbers) */
static const struct insn primes_prog[] = {
    /* 0 */ {OP_LI, 1, 0, 0, 20000},   /* limit */
    /* 1 */ {OP_LI, 0, 0, 0, 1},       /* count (for 2) */
    /* 2 */ {OP_LI, 2, 0, 0, 3},       /* n = 3 */
    /* 3 */ {OP_LI, 7, 0, 0, 0},       /* zero */
    /* 4 */ {OP_JGE, 2, 1, 0, 14},     /* while n < limit */
    /* 5 */ {OP_LI, 3, 0, 0, 3},       /* d = 3 */
    /* 6 */ {OP_MUL, 4, 3, 3, 0},      /* d*d */
    /* 7 */ {OP_JLT, 2, 4, 0, 12},     /* n < d*d -> prime */
    /* 8 */ {OP_MOD, 5, 2, 3, 0},      /* n % d */
    /* 9 */ {OP_JEQ, 5, 7, 0, 13},     /* divisible -> not prime */
    /* 10 */ {OP_ADDI, 3, 3, 0, 2},    /* d += 2 */
    /* 11 */ {OP_JMP, 0, 0, 0, 6},
    /* 12 */ {OP_ADDI, 0, 0, 0, 1},    /* count++ */
    /* 13 */ {OP_ADDI, 2, 2, 0, 2},    /* n += 2; loop */
    /* 14 */ {OP_JLT, 2, 1, 0, 4},
    /* 15 */ {OP_HALT, 0, 0, 0, 0},
};

/* r0 = fib(r1) mod r6, computed iteratively, repeated r8 times */
static const struct insn fib_prog[] = {
    /* 0 */ {OP_LI, 8, 0, 0, 40},      /* repeats */
    /* 1 */ {OP_LI, 6, 0, 0, 1000000007},
    /* 2 */ {OP_LI, 9, 0, 0, 0},       /* acc */
    /* 3 */ {OP_LI, 1, 0, 0, 5000},    /* n */
    /* 4 */ {OP_LI, 2, 0, 0, 0},       /* a */
    /* 5 */ {OP_LI, 3, 0, 0, 1},       /* b */
    /* 6 */ {OP_LI, 4, 0, 0, 0},       /* i */
    /* 7 */ {OP_ADD, 5, 2, 3, 0},      /* t = a + b */
    /* 8 */ {OP_MOD, 5, 5, 6, 0},
    /* 9 */ {OP_MOV, 2, 3, 0, 0},
    /* 10 */ {OP_MOV, 3, 5, 0, 0},
    /* 11 */ {OP_ADDI, 4, 4, 0, 1},
    /* 12 */ {OP_JLT, 4, 1, 0, 7},
    /* 13 */ {OP_ADD, 9, 9, 2, 0},
    /* 14 */ {OP_MOD, 9, 9, 6, 0},
    /* 15 */ {OP_ADDI, 8, 8, 0, -1},
    /* 16 */ {OP_LI, 10, 0, 0, 0},
    /* 17 */ {OP_JNE, 8, 10, 0, 4},
    /* 18 */ {OP_MOV, 0, 9, 0, 0},
    /* 19 */ {OP_HALT, 0, 0, 0, 0},
};

/* nested loops: r0 = sum over i<300, j<300 of (i*j) mod 7 */
static const struct insn nest_prog[] = {
    /* 0 */ {OP_LI, 0, 0, 0, 0},
    /* 1 */ {OP_LI, 1, 0, 0, 300},
    /* 2 */ {OP_LI, 6, 0, 0, 7},
    /* 3 */ {OP_LI, 2, 0, 0, 0},       /* i */
    /* 4 */ {OP_LI, 3, 0, 0, 0},       /* j */
    /* 5 */ {OP_MUL, 4, 2, 3, 0},
    /* 6 */ {OP_MOD, 4, 4, 6, 0},
    /* 7 */ {OP_ADD, 0, 0, 4, 0},
    /* 8 */ {OP_ADDI, 3, 3, 0, 1},
    /* 9 */ {OP_JLT, 3, 1, 0, 5},
    /* 10 */ {OP_ADDI, 2, 2, 0, 1},
    /* 11 */ {OP_JLT, 2, 1, 0, 4},
    /* 12 */ {OP_HALT, 0, 0, 0, 0},
};

int main(void) {
    long steps, total_steps = 0;
    long r = run(primes_prog, &steps);
    total_steps += steps;
    printf("primes below 20000: %ld (%ld vm steps)\n", r, steps);
    r = run(fib_prog, &steps);
    total_steps += steps;
    printf("sum of 40 x fib(5000) mod 1e9+7: %ld (%ld vm steps)\n", r, steps);
    r = run(nest_prog, &steps);
    total_steps += steps;
    printf("nested checksum: %ld (%ld vm steps)\n", r, steps);
    printf("total vm steps %ld\n", total_steps);
    return 0;
}
