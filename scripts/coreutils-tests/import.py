#!/usr/bin/env python3
"""Imports the structured tests of GNU coreutils' own test suite (the
`tests/**/*.pl` files written with the suite's Coreutils.pm) as
se2repair tests: one YAML list of tests per tool, usable as a project's
`tests:` (docs/table5.md, "Tests from coreutils' own suite").

    import.py --suite COREUTILS/tests --bin DIR --tools wc,sort --out DIR

Every test file runs under perl with this folder's Coreutils.pm, which
loads the suite's own module and replaces `run_tests` by a dump of the
test list (the suite's helpers, such as `triple_test`, still apply). A
test becomes:

  args     the test's arguments, split as the suite's shell would split
           them, input files (`IN`) in their places;
  setup    a bash script writing every input and auxiliary file (`IN`,
           `AUX`) with printf, byte for byte;
  stdin    `IN_PIPE`;
  stdout   `OUT` (exact), stderr `ERR` (a regex: the program's name as
           it prints itself may be a path), empty when not given, as the
           suite expects; `OUT_SUBST`/`ERR_SUBST` drop that stream's check;
  exit     `EXIT` (default 0); env: `ENV`, plus the locale and the other
           variables the test file sets for itself.

Tests the importer cannot carry over are skipped with a reason: Perl
code run before the command (`PRE`), a comparison of a file the command
writes (`CMP`), shell syntax in the arguments, bytes that are not UTF-8
on stdin or stdout, a file the suite names but does not ship. With
--bin, every imported test is also run on the native TOOL there and
kept only if it passes (a test of the suite's environment, such as a
terminal or a particular file system, can fail outside it).

Writes OUT/TOOL.yaml (`tests:` only) for each tool and OUT/import.json:
per tool the number imported, the number skipped for each reason, and
the test files read.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Variables of the test files' own environment that reach the program.
KEEP_ENV = {"LC_ALL", "LANG", "LANGUAGE", "TZ", "POSIXLY_CORRECT", "_POSIX2_VERSION", "COLUMNS",
            "TABSIZE", "TIME_STYLE", "QUOTING_STYLE", "BLOCK_SIZE", "LS_COLORS", "LS_BLOCK_SIZE"}


class Skip(Exception):
    """A test the importer cannot carry over; the message is the reason."""


def run_test_file(path, suite, tools, out_jsonl):
    """Runs one .pl file with the dumping Coreutils.pm; None or an error."""
    top = os.path.dirname(os.path.abspath(suite))
    env = dict(os.environ)
    env.update({"SE2_COREUTILS_TESTS": os.path.abspath(suite), "SE2_IMPORT_OUT": out_jsonl,
                "srcdir": top, "abs_srcdir": top, "abs_top_srcdir": top, "abs_top_builddir": top,
                "built_programs": " ".join(tools), "PATH": os.path.join(top, "src") + ":" + env.get("PATH", "")})
    stem = os.path.splitext(os.path.basename(path))[0]
    with tempfile.TemporaryDirectory(prefix="cu-import-") as d:
        try:
            r = subprocess.run(["perl", "-w", "-I", HERE, "-I", os.path.abspath(suite), "-MCoreutils",
                                f"-MCuTmpdir={stem}", "--", os.path.abspath(path)],
                               cwd=d, env=env, capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            return "perl did not finish in 60 s"
    if r.returncode == 77:
        return "skipped by the suite: " + (r.stderr.decode(errors="replace").strip().splitlines() or [""])[-1]
    if r.returncode != 0:
        return "perl failed: " + (r.stderr.decode(errors="replace").strip().splitlines() or ["exit %d" % r.returncode])[-1]
    return None


def latin1(s):
    return s.encode("latin-1")


def utf8(b, what):
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise Skip(f"bytes that are not UTF-8 on {what}")


def printf_script(name, data):
    """A bash line writing `data` (bytes) to `name` exactly."""
    out = []
    for c in data:
        ch = chr(c)
        if ch.isalnum() or ch in " ,.-_:/=+@#!?()[]{}<>^~|;&*$\"":
            out.append(ch)
        else:
            out.append("\\%03o" % c)
    return "printf '" + "".join(out).replace("%", "%%") + "' > " + shlex.quote(name)


def split_args(words):
    """The arguments a shell makes of `words` (None: shell syntax beyond
    quoting, which the importer does not evaluate)."""
    text = " ".join(words)
    quote = None
    for ch in text:
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "$`*?[|&;<>()\\" or ch == "~":
            return None
    try:
        return shlex.split(text)
    except ValueError:
        return None


def stderr_regex(text, prog):
    """An exact stderr as a regex in which the program's own name may be
    printed as a path."""
    parts = re.split(r"(?<![\w-])" + re.escape(prog) + r"(?![\w-])", text)
    return r"[^\n]*".join(re.sub(r"([\\.+*?()|\[\]{}^$])", r"\\\1", p) for p in parts)


def convert(test, prog, file_env):
    """One suite test as an se2repair test (a dict), or raise Skip."""
    if not isinstance(test, list) or not test or not isinstance(test[0], str):
        raise Skip("malformed test entry")
    name, specs = test[0], test[1:]
    words, files, env = [], [], dict(file_env)
    stdin = stdout = None
    stderr, exit_code, counter = b"", 0, 1
    for s in specs:
        if isinstance(s, str):
            words.append(s)
            continue
        if not isinstance(s, dict) or len(s) != 1:
            raise Skip("malformed test entry")
        ((key, val),) = s.items()
        if key in ("IN", "IN_PIPE", "AUX", "OUT", "ERR"):
            if isinstance(val, dict):
                if len(val) != 1:
                    raise Skip(f"malformed {key} entry")
                ((fname, content),) = val.items()
                if isinstance(content, dict) and "__file" in content:
                    content = content["__file"]
                if not isinstance(content, str):
                    raise Skip("names a file the suite does not ship")
                fname = os.path.basename(fname)
            elif isinstance(val, str):
                fname, content = f"{name}.{counter}", val
                counter += 1
            else:
                raise Skip(f"malformed {key} entry")
            data = latin1(content)
            if key in ("IN", "AUX"):
                files.append((fname, data))
                if key == "IN" and words and words[-1].strip() == "<":
                    # `'<', {IN => ...}`: the file on standard input.
                    words.pop()
                    stdin = data
                elif key == "IN":
                    words.append(shlex.quote(fname))
            elif key == "IN_PIPE":
                stdin = data
            elif key == "OUT":
                stdout = data
            else:
                stderr = data
        elif key == "EXIT":
            exit_code = int(val)
        elif key == "ENV":
            for item in shlex.split(val):
                if "=" not in item:
                    raise Skip("ENV that is not VAR=value")
                k, v = item.split("=", 1)
                env[k] = v
        elif key == "ENV_DEL":
            env.pop(val, None)
        elif key == "PRE":
            raise Skip("Perl code run before the command (PRE)")
        elif key == "CMP":
            raise Skip("compares a file the command writes (CMP)")
        elif key == "OUT_SUBST":
            stdout = None if stdout is None else b"\0subst"
        elif key == "ERR_SUBST":
            stderr = b"\0subst"
        elif key == "POST":
            pass  # a check after the run, in Perl: not carried over
        else:
            raise Skip(f"unknown entry {key}")
    if any("@AUX@" in w for w in words):
        raise Skip("@AUX@ in the arguments")
    args = split_args(words)
    if args is None:
        raise Skip("shell syntax in the arguments")
    t = {"name": re.sub(r"[^\w.+-]", "_", name), "args": args}
    if stdin is not None:
        t["stdin"] = utf8(stdin, "stdin")
    if files:
        t["setup"] = "\n".join(printf_script(f, d) for f, d in files)
    if stdout is None or stdout == b"\0subst":
        # OUT_SUBST: the suite edits stdout before comparing; not checked.
        # No OUT: the suite expects no output.
        if stdout is None:
            t["stdout"] = ""
    else:
        t["stdout"] = utf8(stdout, "stdout")
    if stderr != b"\0subst":
        t["stderr"] = stderr_regex(utf8(stderr, "stderr"), prog)
        t["stderr_match"] = "regex"
    t["exit"] = exit_code
    if env:
        t["env"] = env
    return t


def passes_natively(t, exe, timeout=5.0):
    """None when the test passes on the native program, else why not."""
    with tempfile.TemporaryDirectory(prefix="cu-check-") as d:
        env = {"PATH": "/usr/bin:/bin"}
        env.update(t.get("env", {}))
        if "setup" in t:
            r = subprocess.run(["bash", "-c", t["setup"]], cwd=d, env=env, capture_output=True)
            if r.returncode != 0:
                return "its setup fails"
        try:
            r = subprocess.run([exe] + t["args"], input=t.get("stdin", "").encode(), cwd=d, env=env,
                               capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "does not finish natively"
    if r.returncode != t["exit"]:
        return "fails natively (exit status)"
    if "stdout" in t and r.stdout != t["stdout"].encode():
        return "fails natively (stdout)"
    if "stderr" in t:
        try:
            err = r.stderr.decode()
        except UnicodeDecodeError:
            return "fails natively (stderr)"
        if not re.fullmatch(t["stderr"], err, re.S):
            return "fails natively (stderr)"
    return None


def yaml_tests(tests):
    # JSON is YAML: one flow mapping per test.
    return "tests:\n" + "".join("  - " + json.dumps(t, ensure_ascii=True) + "\n" for t in tests)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", required=True, help="coreutils' tests/ folder")
    ap.add_argument("--tools", required=True, help="comma-separated programs to import tests for")
    ap.add_argument("--bin", help="folder of the native programs: keep only tests that pass there")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    tools = [t for t in a.tools.split(",") if t]
    if shutil.which("perl") is None:
        sys.exit("import: missing tool perl (scripts/setup.sh installs it)")
    if not os.path.isfile(os.path.join(a.suite, "Coreutils.pm")):
        sys.exit(f"import: {a.suite}: not coreutils' tests folder (no Coreutils.pm)")
    os.makedirs(a.out, exist_ok=True)
    report = {t: {"imported": 0, "skipped": {}, "files": []} for t in tools}
    unread = {}
    with tempfile.TemporaryDirectory(prefix="cu-import-") as d:
        dump = os.path.join(d, "tests.jsonl")
        for path in sorted(glob.glob(os.path.join(a.suite, "**", "*.pl"), recursive=True)):
            rel = os.path.relpath(path, a.suite)
            before = os.path.getsize(dump) if os.path.exists(dump) else 0
            why = run_test_file(path, a.suite, tools, dump)
            if why:
                unread[rel] = why
                continue
            with open(dump, "rb") as fh:
                fh.seek(before)
                for line in fh:
                    doc = json.loads(line)
                    prog = doc["program"]
                    if prog in report:
                        report[prog]["files"].append(rel)
                        doc["file"] = rel
                        with open(os.path.join(d, prog + ".jsonl"), "a") as out:
                            out.write(json.dumps(doc) + "\n")
        for tool in tools:
            kept, seen = [], set()
            src = os.path.join(d, tool + ".jsonl")
            docs = [json.loads(line) for line in open(src)] if os.path.exists(src) else []
            for doc in docs:
                file_env = {k: v for k, v in doc.get("env", {}).items() if k in KEEP_ENV}
                for test in doc["tests"]:
                    try:
                        t = convert(test, tool, file_env)
                        # Named after its file too: misc/wc.pl's a0 is wc.a0.
                        t["name"] = os.path.splitext(os.path.basename(doc["file"]))[0] + "." + t["name"]
                        if a.bin:
                            why = passes_natively(t, os.path.join(a.bin, tool))
                            if why:
                                raise Skip(why)
                    except Skip as e:
                        r = report[tool]["skipped"]
                        r[str(e)] = r.get(str(e), 0) + 1
                        continue
                    base, k = t["name"], 2
                    while t["name"] in seen:
                        t["name"], k = f"{base}-{k}", k + 1
                    seen.add(t["name"])
                    kept.append(t)
            report[tool]["imported"] = len(kept)
            with open(os.path.join(a.out, f"{tool}.yaml"), "w") as fh:
                fh.write(f"# {len(kept)} tests of {tool} imported from coreutils' test suite by\n"
                         "# scripts/coreutils-tests/import.py.\n" + yaml_tests(kept))
    doc = {"tools": report, "unread_files": unread}
    with open(os.path.join(a.out, "import.json"), "w") as fh:
        json.dump(doc, fh, indent=2)
    for tool in tools:
        r = report[tool]
        skipped = ", ".join(f"{n} {why}" for why, n in sorted(r["skipped"].items(), key=lambda x: -x[1]))
        print(f"{tool}: {r['imported']} imported from {len(r['files'])} file(s)" + (f"; skipped: {skipped}" if skipped else ""))


if __name__ == "__main__":
    main()
