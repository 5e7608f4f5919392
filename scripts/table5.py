#!/usr/bin/env python3
"""The paper's Table 5: test generation on ten GNU coreutils with library
functions taken away (scripts/table5.sh is the entry point).

For each tool, the functions taken away are those of the paper's nine
that the tool's bitcode calls: the string functions (strlen, strcmp,
strtol) and read and write, synthesized; stat, lseek, chmod and chown,
unconstrained in baseline and model, and malloc, modelled in its size
only, as the paper did. Three configurations run the tool in the VM (`klee` with
KLEE's coreutils options) for --time seconds each:

  baseline  each function taken away returns an unconstrained value;
  model     the models of the string functions and of read and write,
            synthesized by `se2repair model-lib` from coreutils' own tests pooled across the tools
            (and the example runs of examples/table5/TOOL.yaml); a
            function with no model stays unconstrained;
  real      the VM's own C library and POSIX model.

Every generated test is replayed natively on a gcov build of the tool
(linked with the real C library); the line coverage of the tool's own
source file is reported. Writes DIR/table5.json, DIR/table5.md and
DIR/table5.svg.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

from table5_replay import coverage, replay, write_env_file

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(os.environ.get("SE2REPAIR_CACHE", os.path.expanduser("~/.cache/se2repair")), "real")
TOOLS = ["base64", "cat", "cp", "head", "ls", "pr", "pwd", "sort", "test", "wc"]
CONFIGS = ["baseline", "model", "real"]


def llvm_tool(name):
    """LLVM 16's `name` when installed (it reads the bitcode of clang-14
    and clang-16), else LLVM 14's."""
    for v in ("16", "14"):
        if shutil.which(f"{name}-{v}"):
            return f"{name}-{v}"
    return f"{name}-16"


CLANG = os.environ.get("SE2REPAIR_CLANG") or llvm_tool("clang")
NM = llvm_tool("llvm-nm")
# The paper's string functions, with the C signatures of the stand-ins:
# synthesized by model-lib (the string sketches: accumulation, comparison, number).
TAKEN = {
    "strlen": ("size_t", "const char *s", ""),
    "strcmp": ("int", "const char *s, const char *t", ""),
    "strtol": ("long", "const char *s, char **end, int base", "s"),
}
# The paper's functions that depend on the kernel, as it took them away:
# left unconstrained in `baseline` and `model` (a fresh result; a
# `struct stat` filled with fresh bytes). The paper's `stat` covers the
# three calls of the stat family, `chmod` and `chown` their descriptor
# forms. `malloc` is modelled only in the size it computes: the
# allocation is the VM's, of the size the caller asked for.
UNCONSTRAINED = {
    "stat": ("int", "const char *p, struct stat *b"),
    "fstat": ("int", "int fd, struct stat *b"),
    "lstat": ("int", "const char *p, struct stat *b"),
    "lseek": ("off_t", "int fd, off_t off, int whence"),
    "chmod": ("int", "const char *p, mode_t m"),
    "fchmod": ("int", "int fd, mode_t m"),
    "chown": ("int", "const char *p, uid_t u, gid_t g"),
    "fchown": ("int", "int fd, uid_t u, gid_t g"),
    "malloc": ("void *", "size_t n"),
}
# The paper's transformation-sketch functions: synthesized by model-lib
# from sketches/kernel/FUNC.c (the kernel's bytes through `byte`, the
# count through `count`); unconstrained in `baseline` (a fresh count,
# fresh bytes in the caller's buffer; write writes nothing).
TRANSFORMED = {
    "read": ("ssize_t", "int fd, void *buf, size_t n"),
    "write": ("ssize_t", "int fd, const void *buf, size_t n"),
}
# The tool's own source (gcov object stem, source file name).
SOURCE = {"base64": ("base64-basenc", "basenc.c")}
# The paper's averages over the ten tools (coverage %, tests).
PAPER = {"baseline": (41.20, 42.3), "model": (52.17, 62.9), "real": (64.51, 83.3)}
# KLEE's options for coreutils (klee.github.io), minus what this VM lacks.
KLEE_OPTS = [
    "--posix-runtime", "--libc=uclibc", "--only-output-states-covering-new",
    "--search=random-path", "--search=nurs:covnew", "--use-batching-search",
    "--batch-instructions=10000", "--max-memory=3000", "--max-solver-time=30s",
]
SYM_ARGS = ["--sym-args", "0", "1", "10", "--sym-args", "0", "2", "2",
            "--sym-files", "1", "8", "--sym-stdin", "8", "--sym-stdout"]


def log(msg):
    print(f"table5: {msg}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, **kw)


def stub(func, name):
    """C for FUNC returning an unconstrained value (the baseline)."""
    if func in UNCONSTRAINED:
        return unconstrained_stub(func, name)
    if func in TRANSFORMED:
        return byte_stub(func, name)
    ret, params, end_of = TAKEN[func]
    args = [p.split()[-1].lstrip("*") for p in params.split(",")]
    body = [f"  {ret} r;", f"  klee_make_symbolic(&r, sizeof r, \"{func}\");"]
    body += [f"  (void){a};" for a in args]
    if end_of:
        # The end pointer somewhere in the string (the baseline knows the
        # parse stopped, not where).
        body += ["  unsigned long n = 0, k;", f"  while ({end_of}[n]) n++;",
                 f"  klee_make_symbolic(&k, sizeof k, \"{func}_end\");",
                 "  klee_assume(k <= n);", f"  if (end) *end = (char *){end_of} + k;"]
    body.append("  return r;")
    return f"{ret} {name}({params}) {{\n" + "\n".join(body) + "\n}\n"


def unconstrained_stub(func, name):
    """C for one of the kernel's functions as the paper took it away."""
    ret, params = UNCONSTRAINED[func]
    head = "#include <sys/types.h>\n#include <sys/stat.h>\n#include <stdlib.h>\n"
    if func == "malloc":
        # The VM's allocation of the caller's size; not malloc itself,
        # which --function-alias sends here.
        return head + f"{ret} {name}({params}) {{\n  return realloc((void *)0, n);\n}}\n"
    args = [p.split()[-1].lstrip("*") for p in params.split(",")]
    body = [f"  {ret} r;", f"  klee_make_symbolic(&r, sizeof r, \"{func}\");"]
    body += [f"  (void){a};" for a in args]
    if "struct stat" in params:
        # A fresh object copied in: the caller's buffer may be part of
        # a larger one.
        body += ["  struct stat fresh;", f"  klee_make_symbolic(&fresh, sizeof fresh, \"{func}_buf\");",
                 "  if (b) *b = fresh;"]
    body.append("  return r;")
    return head + f"{ret} {name}({params}) {{\n" + "\n".join(body) + "\n}\n"


def byte_stub(func, name):
    """C for read or write as the paper took them away: a fresh count;
    read's bytes fresh (an object of the size asked for, copied in)."""
    ret, params = TRANSFORMED[func]
    body = [f"  {ret} r;", f"  klee_make_symbolic(&r, sizeof r, \"{func}\");", "  (void)fd;"]
    if func == "read":
        body += ["  if (n) {", "    unsigned char *fresh = malloc(n);",
                 "    klee_make_symbolic(fresh, n, \"read_buf\");", "    memcpy(buf, fresh, n);", "    free(fresh);", "  }"]
    else:
        body += ["  (void)buf;", "  (void)n;"]
    body.append("  return r;")
    head = "#include <sys/types.h>\n#include <stdlib.h>\n#include <string.h>\n"
    return head + f"{ret} {name}({params}) {{\n" + "\n".join(body) + "\n}\n"


def compile_bc(c_file, bc, defines=()):
    inc = os.path.join(REPO, "klee-ext", "include")
    cmd = [CLANG, "-c", "-emit-llvm", "-O0", "-g", "-Xclang", "-disable-O0-optnone", "-w",
           "-include", "stddef.h", "-include", "klee/klee.h", "-I", inc]
    cmd += [f"-D{d}" for d in defines] + [c_file, "-o", bc]
    r = run(cmd)
    if r.returncode != 0:
        raise RuntimeError(f"cannot compile {c_file}: {r.stderr.decode(errors='replace')}")


def taken_away(bc):
    """The paper's functions that the tool's bitcode calls, taken away in
    `baseline` and `model`."""
    return [f for f in list(TAKEN) + list(TRANSFORMED) + list(UNCONSTRAINED) if called(bc, f)]


def called(bc, func):
    r = run([NM, "--undefined-only", bc], text=True)
    return any(line.split()[-1] == func for line in r.stdout.splitlines() if line.strip())


def import_tests(out):
    """Imports coreutils' own tests for the ten tools (scripts/coreutils-tests);
    returns the importer's report."""
    dest = os.path.join(out, "imported")
    suite = os.path.join(CACHE, "coreutils", "coreutils-9.1", "tests")
    r = run([sys.executable, os.path.join(REPO, "scripts", "coreutils-tests", "import.py"), "--suite", suite,
             "--tools", ",".join(TOOLS), "--bin", os.path.join(CACHE, "coreutils", "bin"), "--out", dest], text=True)
    if r.returncode != 0:
        raise RuntimeError(f"importing coreutils' tests failed: {r.stderr.strip()}")
    log("imported coreutils' tests: " + "; ".join(r.stdout.strip().splitlines()))
    with open(os.path.join(dest, "import.json")) as fh:
        return json.load(fh)


def project(out, tool, imported):
    """The tool's model-lib project: its bitcode, the example runs written
    from its manual (examples/table5/TOOL.yaml) and, with `imported`, the
    tests imported from coreutils' suite."""
    proj = os.path.join(out, "projects", tool)
    os.makedirs(proj, exist_ok=True)
    shutil.copy(os.path.join(CACHE, "coreutils", "bc", f"{tool}.bc"), proj)
    with open(os.path.join(REPO, "examples", "table5", f"{tool}.yaml")) as fh:
        text = fh.read()
    if imported:
        with open(os.path.join(out, "imported", f"{tool}.yaml")) as fh:
            lines = [ln for ln in fh.read().splitlines() if ln.startswith("  - ")]
        text = text.rstrip() + "\n" + "".join(ln + "\n" for ln in lines)
    with open(os.path.join(proj, "se2repair.yaml"), "w") as fh:
        fh.write(text)
    return proj


# model-lib's fork budget per test: a test of a long report (pr's) can
# fork thousands of times on lengths without passing; cut at this, it
# still rules out the failing paths it saw.
MODEL_FORKS = 400


def model_lib(se2, func, projects, model, timeout):
    """model-lib FUNC on the first project, the others pooled; the report."""
    cmd = [se2, "model-lib", func, projects[0], "--json", "--timeout", str(timeout), "--out", model,
           "--max-forks", str(MODEL_FORKS)]
    if func in TRANSFORMED:
        cmd += ["--sketch", os.path.join(REPO, "sketches", "kernel", f"{func}.c")]
    for p in projects[1:]:
        cmd += ["--pool", p]
    t0 = time.time()
    r = run(cmd, text=True)
    took = time.time() - t0
    try:
        rep = json.loads(r.stdout)
    except json.JSONDecodeError:
        rep = {"status": "error", "reason": ((r.stderr or r.stdout).strip().splitlines() or ["no output"])[-1]}
    status = rep.get("status", "error")
    agree = rep.get("agreement")
    return {"status": status, "terms": rep.get("terms", []), "sketch": rep.get("sketch"),
            "undecided": rep.get("undecided"), "reason": rep.get("reason"), "time_s": round(took, 1),
            "tests_used": rep.get("tests_used", 0), "tests_checked": rep.get("tests_checked", 0),
            "unusable": rep.get("unusable", []),
            "agreement": agree, "agreement_note": rep.get("agreement_note"),
            "file": model if status == "model" else None}


def synthesize_models(se2, tools, out, timeout, per_tool, imported, jobs, wanted=None):
    """Models of the functions taken away. Pooled (the paper's usage): one
    model per function from every tool that calls it, for the functions
    the `wanted` tools call (all of `tools` by default); per tool: one per
    tool and function. Returns {tool: {func: model}}."""
    synthesized = list(TAKEN) + list(TRANSFORMED)
    calls = {t: [f for f in synthesized if called(os.path.join(CACHE, "coreutils", "bc", f"{t}.bc"), f)] for t in tools}
    projects = {t: project(out, t, imported) for t in tools}
    tasks = []
    if per_tool:
        for t in tools:
            for f in calls[t]:
                tasks.append(((t,), f, [projects[t]], os.path.join(out, t, "models", f"{f}.c")))
    else:
        for f in synthesized:
            users = tuple(t for t in tools if f in calls[t])
            if users and any(t in users for t in (wanted or tools)):
                tasks.append((users, f, [projects[t] for t in users], os.path.join(out, "models", f"{f}.c")))
    result = {t: {} for t in tools}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futs = {pool.submit(model_lib, se2, f, ps, m, timeout): (users, f) for users, f, ps, m in tasks}
        for fut in concurrent.futures.as_completed(futs):
            users, f = futs[fut]
            m = fut.result()
            a = m["agreement"]
            log(f"model-lib {f} ({', '.join(users)}): {m['status']} {' '.join(m['terms']) or m['reason'] or ''} "
                f"[{m['tests_used']} tests; {len(m['unusable'])} unused]"
                + (f" agreement {100.0 * a['agreeing'] / max(1, a['inputs']):.1f}%" if a else "") + f" ({m['time_s']} s)")
            for t in users:
                result[t][f] = m
    with open(os.path.join(out, "models.json"), "w") as fh:
        json.dump({"per_tool": per_tool, "imported": imported, "models": result}, fh, indent=2)
    return result


def config_libs(config, funcs, models, work):
    """--function-alias/--link-llvm-lib options of a configuration."""
    if config == "real" or not funcs:
        return []
    opts = []
    d = os.path.join(work, "lib")
    os.makedirs(d, exist_ok=True)
    for f in funcs:
        m = models.get(f, {})
        if config == "model" and m.get("file"):
            bc = os.path.join(d, f"model_{f}.bc")
            compile_bc(m["file"], bc, [f"{f}=se2_model_{f}"])
            target = f"se2_model_{f}"
        else:
            c = os.path.join(d, f"fresh_{f}.c")
            with open(c, "w") as fh:
                fh.write(stub(f, f"se2_fresh_{f}"))
            bc = os.path.join(d, f"fresh_{f}.bc")
            compile_bc(c, bc)
            target = f"se2_fresh_{f}"
        opts += [f"--function-alias={f}:{target}", f"--link-llvm-lib={bc}"]
    return opts


def one_config(klee, tool, config, out, secs, models, replay_timeout):
    """Test generation of one tool in one configuration, replayed with
    gcov; written to OUT/TOOL/CONFIG.json and returned."""
    work = os.path.join(out, tool)
    os.makedirs(work, exist_ok=True)
    bc = os.path.join(CACHE, "coreutils", "bc", f"{tool}.bc")
    exe = os.path.join(CACHE, "coreutils-cov", "coreutils-9.1", "src", tool)
    funcs = taken_away(bc)
    kout = os.path.join(work, config)
    shutil.rmtree(kout, ignore_errors=True)
    # The program's environment and working directory are the replay's
    # (table5_replay): the same variables, an empty directory.
    env_file = os.path.join(work, "env")
    write_env_file(env_file)
    run_dir = os.path.join(work, f"{config}.cwd")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    cmd = [klee, f"--output-dir={kout}", f"--max-time={secs}", f"--env-file={env_file}", f"--run-in-dir={run_dir}"]
    cmd += KLEE_OPTS
    cmd += config_libs(config, funcs, models, os.path.join(work, f"lib-{config}")) + [bc] + SYM_ARGS
    t1 = time.time()
    r = run(cmd, stdin=subprocess.DEVNULL)
    explore = time.time() - t1
    tests = sorted(f for f in os.listdir(kout) if f.endswith(".ktest")) if os.path.isdir(kout) else []
    prefix = os.path.join(work, f"{config}.gcov")
    shutil.rmtree(prefix, ignore_errors=True)
    os.makedirs(prefix)
    os.chmod(prefix, 0o777)
    t2 = time.time()
    for k in tests:
        replay(os.path.join(kout, k), exe, prefix, replay_timeout)
    if os.geteuid() == 0:
        os.chmod(prefix, 0o755)
    stem, source = SOURCE.get(tool, (tool, f"{tool}.c"))
    cov, total = coverage(CACHE, stem, source, prefix)
    pct = round(100.0 * cov / total, 2) if total else 0.0
    row = {"coverage": pct, "tests": len(tests), "covered_lines": cov, "lines": total,
           "explore_s": round(explore, 1), "replay_s": round(time.time() - t2, 1), "klee_exit": r.returncode}
    if r.returncode not in (0, 1) and not tests:
        row["error"] = (r.stderr.decode(errors="replace").strip().splitlines() or [f"klee exit {r.returncode}"])[-1]
    with open(os.path.join(work, f"{config}.json"), "w") as fh:
        json.dump(row, fh, indent=2)
    log(f"{tool} {config}: {len(tests)} tests, {pct}% of {total} lines ({explore:.0f} s + replay {time.time() - t2:.0f} s)")
    return row


def collect(out, tools, secs, took):
    """The table from OUT/models.json and every OUT/TOOL/CONFIG.json."""
    with open(os.path.join(out, "models.json")) as fh:
        models = json.load(fh)
    imported = None
    if os.path.exists(os.path.join(out, "imported", "import.json")):
        with open(os.path.join(out, "imported", "import.json")) as fh:
            imported = json.load(fh)["tools"]
    table = {}
    for t in tools:
        bc = os.path.join(CACHE, "coreutils", "bc", f"{t}.bc")
        row = {"functions": taken_away(bc), "models": models["models"].get(t, {})}
        if imported:
            row["imported"] = imported.get(t, {})
        for c in CONFIGS:
            f = os.path.join(out, t, f"{c}.json")
            if os.path.exists(f):
                with open(f) as fh:
                    row[c] = json.load(fh)
            else:
                row[c] = {"coverage": 0.0, "tests": 0, "error": "not run (no result file)"}
        table[t] = row
    doc = {"time_s_per_config": secs, "took_s": round(took, 1), "per_tool_models": models.get("per_tool", False),
           "imported_tests": models.get("imported", False),
           "tools": {t: {c: {"coverage": r[c]["coverage"], "tests": r[c]["tests"]} for c in CONFIGS} for t, r in table.items()},
           "details": table, "paper_average": {c: {"coverage": PAPER[c][0], "tests": PAPER[c][1]} for c in CONFIGS}}
    with open(os.path.join(out, "table5.json"), "w") as fh:
        json.dump(doc, fh, indent=2)
    with open(os.path.join(out, "table5.md"), "w") as fh:
        fh.write(markdown(table, secs, took))
    with open(os.path.join(out, "table5.svg"), "w") as fh:
        fh.write(svg(table))
    return table


def svg(table):
    tools = list(table)
    w, h, left, top, bar = 80 + 70 * (len(tools) + 1), 300, 50, 30, 18
    colors = {"baseline": "#b0b0b0", "model": "#4a86c5", "real": "#2e7d32"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
             '<text x="10" y="16" font-size="13">Line coverage of generated tests (%)</text>']
    base = h - 40
    scale = (base - top) / 100.0
    for pct in (0, 25, 50, 75, 100):
        y = base - pct * scale
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{pct}</text>')
    groups = tools + ["average"]
    for i, t in enumerate(groups):
        x0 = left + 10 + 70 * i
        for j, c in enumerate(CONFIGS):
            v = (sum(table[u][c]["coverage"] for u in tools) / len(tools)) if t == "average" else table[t][c]["coverage"]
            y = base - v * scale
            parts.append(f'<rect x="{x0 + j * bar}" y="{y:.1f}" width="{bar - 2}" height="{base - y:.1f}" fill="{colors[c]}"><title>{t} {c}: {v:.1f}%</title></rect>')
        parts.append(f'<text x="{x0 + 1.5 * bar}" y="{base + 14}" text-anchor="middle">{t}</text>')
    for j, c in enumerate(CONFIGS):
        parts.append(f'<rect x="{left + 10 + 110 * j}" y="{h - 16}" width="10" height="10" fill="{colors[c]}"/>')
        parts.append(f'<text x="{left + 24 + 110 * j}" y="{h - 7}">{c}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def markdown(table, secs, took):
    tools = list(table)
    lines = [f"# Table 5: coverage of generated tests ({secs} s of test generation per tool and configuration)", "",
             "| tool | functions taken away | baseline tests | baseline cov. | model tests | model cov. | real tests | real cov. |",
             "|---|---|---|---|---|---|---|---|"]
    for t in tools:
        r = table[t]
        cells = [f"{r[c]['tests']} | {r[c]['coverage']:.2f}%" for c in CONFIGS]
        lines.append(f"| {t} | {', '.join(r['functions'])} | " + " | ".join(cells) + " |")
    avg = {c: (sum(table[t][c]["coverage"] for t in tools) / len(tools), sum(table[t][c]["tests"] for t in tools) / len(tools)) for c in CONFIGS}
    lines.append("| **average (ours)** | | " + " | ".join(f"{avg[c][1]:.1f} | {avg[c][0]:.2f}%" for c in CONFIGS) + " |")
    lines.append("| **average (paper, 30 min of KLEE)** | | " + " | ".join(f"{PAPER[c][1]} | {PAPER[c][0]:.2f}%" for c in CONFIGS) + " |")
    lines += ["", f"model - baseline: {avg['model'][0] - avg['baseline'][0]:+.2f} points (paper: {PAPER['model'][0] - PAPER['baseline'][0]:+.2f}); "
              f"real - model: {avg['real'][0] - avg['model'][0]:+.2f} points (paper: {PAPER['real'][0] - PAPER['model'][0]:+.2f}).",
              "", "Coverage is gcov's line coverage of the tool's own source file (basenc.c for base64), "
              "every generated test replayed natively on a coverage build linked with the real C library. "
              "The paper's per-tool numbers are not in our copy of it; its averages are shown.", "",
              "Functions taken away: " + ", ".join(sorted(TAKEN)) + " are synthesized with the string sketches (accumulation, comparison, number: the sketch column below) and "
              + ", ".join(TRANSFORMED) + " with the transformation sketch over the kernel's bytes (sketches/kernel/); "
              "in `baseline` they return unconstrained results (read fresh bytes), as does any function with no model in `model`; "
              + ", ".join(f for f in UNCONSTRAINED if f != "malloc") + " return unconstrained results in `baseline` and `model` "
              "(a `struct stat` filled with fresh bytes); malloc is modelled only in its size (the VM's allocation of the "
              "size asked for).", "",
              "## Models", "",
              "| function | tools | model | sketch | tests recorded of checked | agreement with the C library | note | time |",
              "|---|---|---|---|---|---|---|---|"]
    seen = {}
    for t in tools:
        for f, m in table[t]["models"].items():
            # A pooled model is the same for every tool that calls f.
            key = (f, json.dumps(m, sort_keys=True))
            seen.setdefault(key, (m, []))[1].append(t)
    esc = lambda x: str(x).replace("|", "\\|")
    for (f, _), (m, users) in seen.items():
        model = "; ".join(f"`{x}`" for x in m["terms"]) if m["status"] == "model" else f"none: {m.get('reason') or m['status']}"
        a = m.get("agreement")
        if a:
            agree = f"{100.0 * a['agreeing'] / max(1, a['inputs']):.1f}% of {a['inputs']} ({a['compared'].replace('_', ' ')})"
            if a.get("weak"):
                agree += f"; **weak**: {a.get('witness', '')}"
        else:
            agree = m.get("agreement_note") or ""
        sketch = m.get("sketch") or ""
        if sketch.startswith(REPO + os.sep):
            sketch = os.path.relpath(sketch, REPO)
        lines.append(f"| {f} | {', '.join(users)} | {esc(model)} | {sketch} | {m.get('tests_used', 0)} of {m.get('tests_checked', 0)} | "
                     f"{esc(agree)} | {esc(m.get('undecided') or '')} | {m['time_s']} s |")
    unusable = [(f, u) for (f, _), (m, _) in seen.items() for u in m.get("unusable", [])]
    if unusable:
        lines += ["", "Tests and projects that constrained no model (one line each):", ""]
        lines += [f"* {f}: {u}" for f, u in unusable]
    imp = [(t, table[t]["imported"]) for t in tools if "imported" in table[t]]
    if imp:
        lines += ["", "## Tests imported from coreutils' suite", "", "| tool | imported | test files | skipped (reason: count) |", "|---|---|---|---|"]
        for t, r in imp:
            skipped = "; ".join(f"{why}: {n}" for why, n in sorted(r.get("skipped", {}).items(), key=lambda x: -x[1]))
            lines.append(f"| {t} | {r.get('imported', 0)} | {', '.join(sorted(set(r.get('files', [])))) or 'none'} | {esc(skipped)} |")
    errors = [(t, c, table[t][c]["error"]) for t in tools for c in CONFIGS if table[t][c].get("error")]
    if errors:
        lines += ["", "Configurations that did not run:", ""] + [f"* {t} {c}: {e}" for t, c, e in errors]
    # A run that ended abnormally still counts its tests; it is named.
    cut = [(t, c, table[t][c]["klee_exit"]) for t in tools for c in CONFIGS
           if table[t][c].get("klee_exit") not in (None, 0, 1) and not table[t][c].get("error")]
    if cut:
        lines += ["", "Configurations whose `klee` run ended abnormally (the tests it wrote are counted):", ""]
        lines += [f"* {t} {c}: exit status {x}" for t, c, x in cut]
    if took:
        lines += ["", f"Whole run: {took / 60:.1f} min."]
    lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", type=int, default=120, help="seconds of test generation per tool and configuration (at most 1800, the paper's)")
    ap.add_argument("--tools", default=",".join(TOOLS), help="comma-separated subset of " + ",".join(TOOLS))
    ap.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated subset of " + ",".join(CONFIGS))
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--jobs", type=int, default=1, help="tools run at a time")
    ap.add_argument("--model-timeout", type=int, default=900, help="model-lib's --timeout per function")
    ap.add_argument("--replay-timeout", type=float, default=2.0, help="seconds of one native replay")
    ap.add_argument("--per-tool", action="store_true", help="a model per tool from its own tests (default: pooled across the tools)")
    ap.add_argument("--no-import", action="store_true", help="only the example runs of examples/table5, not coreutils' own tests")
    ap.add_argument("--models-only", action="store_true", help="synthesize the models (OUT/models.json) and stop")
    ap.add_argument("--reuse-models", action="store_true", help="use OUT/models.json from an earlier run")
    ap.add_argument("--emit-jobs", metavar="FILE", help="write one command per tool and configuration (after one for the models) instead of running")
    ap.add_argument("--collect", action="store_true", help="only make the table from OUT's results")
    ap.add_argument("--se2repair", default=os.path.join(REPO, "target", "release", "se2repair"))
    a = ap.parse_args()
    tools = [t for t in a.tools.split(",") if t]
    configs = [c for c in a.configs.split(",") if c]
    bad = [t for t in tools if t not in TOOLS] + [c for c in configs if c not in CONFIGS]
    if bad:
        sys.exit(f"table5: unknown tool(s) or configuration(s) {', '.join(bad)} (tools: {', '.join(TOOLS)}; configurations: {', '.join(CONFIGS)})")
    if not 1 <= a.time <= 1800:
        sys.exit("table5: --time must be 1 to 1800 seconds (the paper ran 30 minutes)")
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    if a.collect:
        collect(out, tools, a.time, 0.0)
        print(open(os.path.join(out, "table5.md")).read())
        return
    if a.emit_jobs:
        me = [sys.executable, os.path.abspath(__file__), "--out", out, "--time", str(a.time),
              "--model-timeout", str(a.model_timeout), "--replay-timeout", str(a.replay_timeout), "--se2repair", a.se2repair]
        me += ["--per-tool"] if a.per_tool else []
        me += ["--no-import"] if a.no_import else []
        q = lambda c: " ".join(shlex.quote(x) for x in c)
        lines = ["# Table 5 as jobs: run the first line, then the others in any order (each writes OUT/TOOL/CONFIG.json),",
                 "# then collect: " + q(me + ["--collect", "--tools", ",".join(tools)]),
                 q(me + ["--models-only", "--tools", ",".join(tools)])]
        lines += [q(me + ["--reuse-models", "--tools", t, "--configs", c]) for t in tools for c in configs]
        with open(a.emit_jobs, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        print(f"table5: {len(lines) - 2} commands written to {a.emit_jobs}")
        return
    klee = os.path.join(os.path.dirname(a.se2repair), "klee")
    for need, how in [(a.se2repair, "cargo build --release"), (klee, "cargo build --release"),
                      (os.path.join(CACHE, "coreutils", "done"), "scripts/real-programs/build.sh coreutils"),
                      (os.path.join(CACHE, "coreutils-cov", "done"), "scripts/real-programs/build.sh coreutils-cov")]:
        if not os.path.exists(need):
            sys.exit(f"table5: missing {need} ({how})")
    for tool in [CLANG, NM, "gcov", "setpriv", "perl"]:
        if shutil.which(tool) is None:
            sys.exit(f"table5: missing tool {tool} (scripts/setup.sh installs it)")
    t0 = time.time()
    if a.reuse_models:
        with open(os.path.join(out, "models.json")) as fh:
            models = json.load(fh)["models"]
    else:
        imported = not a.no_import
        if imported:
            import_tests(out)
        models = synthesize_models(a.se2repair, TOOLS if not a.per_tool else tools, out, a.model_timeout, a.per_tool, imported, a.jobs,
                                   wanted=tools)
    if a.models_only:
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        # Each tool's configurations one after another, --jobs tools at a time.
        def tool_runs(t):
            for c in configs:
                one_config(klee, t, c, out, a.time, models.get(t, {}), a.replay_timeout)
        list(pool.map(tool_runs, tools))
    collect(out, tools, a.time, time.time() - t0)
    print(open(os.path.join(out, "table5.md")).read())


if __name__ == "__main__":
    main()
