#!/usr/bin/env python3
"""Summarise a lit JSON result file (lit -o results.json) of KLEE's test suite.

Called by scripts/klee-suite.sh. Prints, and writes to --report:
  DIR: pass/total                  per top-level directory of KLEE's test/
  PASS|FAIL|XFAIL|UNSUPPORTED path per test, a failure followed by its reason
  out of scope: DIR: reason
  klee-suite: crashes: N           runs where se2repair died by a signal
  klee-suite: P/N pass             N = tests not UNSUPPORTED, P = PASS + XFAIL

lit's codes are mapped onto those four: TIMEOUT, XPASS and UNRESOLVED count
as FAIL (with the reason saying which), FLAKYPASS as PASS.
"""

import argparse
import json
import os
import re
import sys
from collections import OrderedDict

# KLEE tools se2repair does not provide: tests using them cannot pass.
MISSING_TOOLS = ["kleaver", "klee-exec-tree"]
MISSING_RE = re.compile(r"%(" + "|".join(re.escape(t) for t in MISSING_TOOLS) + r")\b")
RUN_RE = re.compile(r"\bRUN:(.*)")
MAX_REASON = 240


def parse_args():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--results", required=True, help="lit's -o JSON file")
    p.add_argument("--test-src", required=True, help="the KLEE checkout's test/ dir")
    p.add_argument("--tools-dir", required=True, help="the work folder's tools/ dir")
    p.add_argument("--crashes", required=True, help="crashes.log of the klee wrapper")
    p.add_argument("--report", required=True, help="where to write the report")
    p.add_argument("--timeout", default="?", help="lit's per-test timeout (s)")
    p.add_argument("--out-of-scope", action="append", default=[],
                   metavar="DIR: reason", help="a directory not run, with why")
    return p.parse_args()


class Command:
    """One '# executed command:' block of lit's internal-shell output."""

    def __init__(self, text):
        self.text = text
        self.lines = []       # its output lines: stdout, stderr, redirected files
        self.stderr = []      # its stderr lines only
        self.status = None    # exit status when lit reported a failure

    def words(self):
        """The command's words, looking through `not [--crash]`."""
        words = [w for w in self.text.split() if w != "--crash"]
        return words[1:] if words and os.path.basename(words[0]) == "not" else words

    def name(self):
        words = self.words()
        return os.path.basename(words[0]) if words else ""

    def negated(self):
        words = self.text.split()
        return bool(words) and os.path.basename(words[0]) == "not"


def failing_run_line(output):
    """The commands of the last 'RUN: at line' of a lit output (the one that
    failed: lit stops at the first failing RUN line)."""
    commands = []
    block = None
    for raw in output.splitlines():
        if raw.startswith("# RUN: at line"):
            commands = []
        elif raw.startswith("# executed command: "):
            commands.append(Command(raw[len("# executed command: "):]))
        elif raw.startswith("# .---"):
            block = "stderr" if raw.startswith("# .---command stderr") else "other"
        elif raw.startswith("# `---"):
            block = None
        elif block and (raw.startswith("# | ") or raw == "# |") and commands:
            commands[-1].lines.append(raw[4:])
            if block == "stderr":
                commands[-1].stderr.append(raw[4:])
        elif raw.startswith("# error: command failed with exit status: ") and commands:
            try:
                commands[-1].status = int(raw.rsplit(":", 1)[1])
            except ValueError:
                pass
    return commands


class Shortener:
    """Make paths of the work folder and the checkout short in reasons."""

    def __init__(self, test_src, tools_dir):
        self.test_src = test_src.rstrip("/") + "/"
        self.tools_dir = tools_dir.rstrip("/") + "/"
        self.output_re = re.compile(re.escape(os.path.dirname(self.tools_dir.rstrip("/")))
                                    + r"/test/[^ ]*?/Output/")

    def __call__(self, text):
        text = text.replace(self.tools_dir, "")
        text = self.output_re.sub("Output/", text)
        text = text.replace(self.test_src, "")
        text = " ".join(text.split())
        return text if len(text) <= MAX_REASON else text[:MAX_REASON - 3] + "..."


def first_index(lines, pattern):
    for i, line in enumerate(lines):
        if re.search(pattern, line):
            return i
    return None


def command_reason(cmd, short):
    """Why one failing command failed, in one line."""
    name = cmd.name()
    if name == "FileCheck":
        for i, line in enumerate(cmd.lines):
            if "error:" in line:
                msg = line.split("error:", 1)[1].strip()
                # A failed directive (file:line:col: error: ...) is followed
                # by the directive's own line: the expected string.
                if re.match(r"\S+:\d+:\d+: error:", line) and i + 1 < len(cmd.lines):
                    msg += ": " + cmd.lines[i + 1].strip()
                return short("FileCheck: " + msg)
    if name == "llvm-as" and any("only supported in -opaque-pointers mode" in l
                                 for l in cmd.lines):
        return "llvm-as 14 cannot read the test's opaque-pointer IR ('ptr' type)"
    if name == "klee" and cmd.status is not None and cmd.status >= 128:
        return short("se2repair died by signal %d (exit status %d): %s"
                     % (cmd.status - 128, cmd.status, cmd.text))
    if name == "diff":
        return short("files differ: " + cmd.text)
    idx = first_index(cmd.lines, r"unsupported KLEE option")
    if idx is None:
        idx = first_index(cmd.lines, r"(?i)\berror\b")
    if idx is None and name == "klee":  # e.g. "klee: no program given"
        idx = first_index(cmd.lines, r"^(klee|se2repair): (?!WARNING)")
    lines = cmd.lines
    if idx is None and name != "klee":
        # Tools end with their verdict on stderr (ConcreteTest.py: "outputs
        # differ"; a Python traceback: the exception).
        if any(l.strip() for l in cmd.stderr):
            lines = cmd.stderr
            idx = next(i for i in reversed(range(len(lines))) if lines[i].strip())
        else:
            idx = first_index(lines, r"\S")
    if idx is not None:
        line = lines[idx].strip()
        # A message ending in ':' continues on the next line (clap, KLEE).
        if line.endswith(":"):
            rest = [l.strip() for l in lines[idx + 1:] if l.strip()]
            if rest:
                line += " " + rest[0]
        return short((name + ": " if name != "klee" else "") + line)
    if cmd.negated() and cmd.status == 1:
        return short("succeeded, but the test expects it to fail: " + cmd.text)
    status = cmd.status if cmd.status is not None else "?"
    return short("exit status %s of: %s" % (status, cmd.text))


def failure_reason(test, test_src, short, timeout):
    code, output = test["code"], test.get("output", "")
    commands = failing_run_line(output)
    uses = missing_tools_used(os.path.join(test_src, test["path"]))

    if code == "XPASS":
        return "passed, but KLEE marks it XFAIL (expected to fail)"
    if code == "TIMEOUT":
        last = commands[-1].text if commands else "?"
        reason = short("timeout after %ss in: %s" % (timeout, last))
    else:
        reason = None
        m = re.search(r".*unsupported KLEE option.*", output)
        if m:
            reason = short(m.group(0).lstrip("# |").strip())
        failing = [c for c in commands if c.status not in (None, 0)]
        if not reason and failing:
            reason = command_reason(failing[0], short)
        if code == "UNRESOLVED":
            # lit could not run the script: its exception ends the output.
            lines = [l for l in output.splitlines() if l.strip()]
            reason = "unresolved: " + short(lines[-1] if lines else code)
        if not reason:
            lines = [l for l in output.splitlines() if l.strip()]
            reason = short(lines[0] if lines else code)
    if uses:
        tool = uses[0]
        if commands and commands[-1].name() == tool or "%s': command not found" % tool in output \
                or "/%s: command not found" % tool in output:
            return "needs KLEE's %s" % tool
        return "needs KLEE's %s; before that: %s" % (tool, reason)
    return reason


_missing_cache = {}


def missing_tools_used(path):
    """KLEE tools we lack that the test's RUN lines use, in order of use."""
    if path not in _missing_cache:
        found = []
        try:
            with open(path, errors="replace") as f:
                for line in f:
                    m = RUN_RE.search(line)
                    if m:
                        for tool in MISSING_RE.findall(m.group(1)):
                            if tool not in found:
                                found.append(tool)
        except OSError:
            pass
        _missing_cache[path] = found
    return _missing_cache[path]


SCOPE_TOOLS_RE = re.compile(r"%(kleaver|klee-exec-tree)\b")


def out_of_scope_test(rel, test_src):
    """Why a test of an in-scope folder is out of scope, or None: C++
    programs (they need KLEE's libc++ runtime) and tests of KLEE's other
    tools (kleaver, klee-exec-tree)."""
    if rel.endswith(".cpp"):
        return "out of scope: a C++ program"
    try:
        with open(os.path.join(test_src, rel), errors="replace") as f:
            for line in f:
                m = RUN_RE.search(line)
                if m:
                    tool = SCOPE_TOOLS_RE.search(m.group(1))
                    if tool:
                        return "out of scope: tests KLEE's %s" % tool.group(1)
    except OSError:
        pass
    return None


def main():
    args = parse_args()
    with open(args.results) as f:
        results = json.load(f)
    short = Shortener(args.test_src, args.tools_dir)

    tests = []
    for t in results.get("tests", []):
        name = t["name"]
        t["path"] = name.split(" :: ", 1)[1] if " :: " in name else name
        code = t["code"]
        scope = out_of_scope_test(t["path"], args.test_src)
        if scope:
            t["status"] = "OUT-OF-SCOPE"
            t["reason"] = scope
        elif code in ("PASS", "FLAKYPASS"):
            t["status"] = "PASS"
        elif code in ("XFAIL", "UNSUPPORTED"):
            t["status"] = code
        elif code in ("SKIPPED", "EXCLUDED"):
            continue
        else:  # FAIL, TIMEOUT, XPASS, UNRESOLVED
            t["status"] = "FAIL"
            t["reason"] = failure_reason(t, args.test_src, short, args.timeout)
        tests.append(t)
    tests.sort(key=lambda t: t["path"])

    out = []
    dirs = OrderedDict()
    for t in tests:
        d = dirs.setdefault(t["path"].split("/", 1)[0] if "/" in t["path"] else ".",
                            {"pass": 0, "total": 0, "unsupported": 0})
        if t["status"] == "UNSUPPORTED":
            d["unsupported"] += 1
            continue
        if t["status"] == "OUT-OF-SCOPE":
            d["out"] = d.get("out", 0) + 1
            continue
        d["total"] += 1
        if t["status"] in ("PASS", "XFAIL"):
            d["pass"] += 1
    for name in sorted(dirs):
        d = dirs[name]
        extra = " (+%d unsupported)" % d["unsupported"] if d["unsupported"] else ""
        if d.get("out"):
            extra += " (+%d out of scope)" % d["out"]
        out.append("%s: %d/%d%s" % (name, d["pass"], d["total"], extra))
    out.append("")

    for t in tests:
        out.append("%s %s" % (t["status"], t["path"]))
        if t["status"] in ("FAIL", "OUT-OF-SCOPE"):
            out.append("    " + t["reason"])
    out.append("")

    if args.out_of_scope:
        out.append("out of scope (not run):")
        for entry in args.out_of_scope:
            out.append("  " + entry)
        out.append("")

    crashes = []
    if os.path.exists(args.crashes):
        with open(args.crashes, errors="replace") as f:
            crashes = [l.rstrip("\n") for l in f if l.strip()]
    out.append("klee-suite: crashes: %d" % len(crashes))
    out.extend("  " + short(c) for c in crashes)

    counted = [t for t in tests if t["status"] not in ("UNSUPPORTED", "OUT-OF-SCOPE")]
    passed = [t for t in counted if t["status"] in ("PASS", "XFAIL")]
    out.append("klee-suite: %d/%d pass" % (len(passed), len(counted)))

    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    with open(args.report, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
