#!/usr/bin/env python3
"""Writes heldout.yaml for bundled repair examples: 20 inputs the repair
never sees, with the output of the intended fix.

The intended fix is the first lines of FIX.md ("line N: OLD -> NEW"); it is
applied to prog.c, built with gcc, and run on inputs made by replacing
every integer of the example's own test inputs with another of the same
sign and magnitude (a seeded random choice, so reruns write the same
file). `se2repair bench --fix` judges each patch on these inputs.

usage: scripts/heldout.py EXAMPLE_DIR...   (needs PyYAML and gcc)
"""
import pathlib
import random
import re
import subprocess
import sys
import tempfile

import yaml


def intended_fix(d: pathlib.Path, sources):
    """The sources as (name, text) with the intended fix applied: each
    leading line of FIX.md of the form "[FILE.c ]line N: OLD -> NEW" (a
    fix at several locations has one line per location)."""
    edits = []
    for line in (d / "FIX.md").read_text().splitlines():
        m = re.match(r"(?:(\S+\.c) )?line (\d+): (.*?)\s+->\s+(.*)$", line)
        if not m:
            break
        edits.append((m.group(1) or sources[0], int(m.group(2)), m.group(3).strip(), m.group(4).strip()))
    if not edits:
        sys.exit(f"{d}/FIX.md: first line is not '[FILE.c ]line N: OLD -> NEW'")
    out = []
    for s in sources:
        text = (d / s).read_text()
        lines = text.split("\n")
        for file, n, old, new in edits:
            if file != s:
                continue
            if old not in lines[n - 1]:
                sys.exit(f"{d}: {s}:{n} does not contain {old!r}")
            lines[n - 1] = lines[n - 1].replace(old, new, 1)
        out.append((s, "\n".join(lines)))
    return out


def inputs(cfg, d: pathlib.Path):
    """The example's tests as (args, stdin, expected stdout or None)."""
    out = [(t.get("args", []), t.get("stdin", ""), t.get("stdout")) for t in cfg.get("tests", [])]
    if cfg.get("tests_dir"):
        for f in sorted((d / cfg["tests_dir"]).glob("*.in")):
            out.append(([], f.read_text(), f.with_suffix(".out").read_text()))
    return out


class Quoted(yaml.SafeDumper):
    pass


Quoted.add_representer(str, lambda dumper, v: dumper.represent_scalar("tag:yaml.org,2002:str", v, style='"' if "\n" in v else None))


def counted(base) -> bool:
    """Whether every stdin starts with a count of what follows (N, then
    k*N numbers): such a count is kept as it is."""
    ok = False
    for _, stdin, _ in base:
        nums = re.findall(r"-?\d+", stdin)
        if not nums:
            continue
        n, rest = int(nums[0]), len(nums) - 1
        if n <= 0 or rest == 0 or rest % n != 0:
            return False
        ok = True
    return ok


def perturb(text: str, rng: random.Random, keep_first: bool = False) -> str:
    first = [keep_first]

    def one(m):
        if first[0]:
            first[0] = False
            return m.group(0)
        v = int(m.group(0))
        mag = max(abs(v), 3)
        w = rng.randint(0, 2 * mag)
        if v < 0 or (v == 0 and rng.random() < 0.2):
            w = -w
        return str(w)

    return re.sub(r"-?\d+", one, text)


def main():
    for arg in sys.argv[1:]:
        d = pathlib.Path(arg)
        rng = random.Random(d.name)
        cfg = yaml.safe_load((d / "se2repair.yaml").read_text())
        base = inputs(cfg, d)
        with tempfile.TemporaryDirectory() as tmp:
            srcs = []
            for name, text in intended_fix(d, cfg["sources"]):
                f = pathlib.Path(tmp) / name
                f.write_text(text)
                srcs.append(str(f))
            exe = pathlib.Path(tmp) / "fixed"
            subprocess.run(["gcc", "-O0", "-w", f"-I{d}", "-o", str(exe), *srcs], check=True)
            for args, stdin, want in base:
                r = subprocess.run([str(exe), *args], input=stdin.encode(), capture_output=True, timeout=5)
                if want is not None and r.stdout.decode() != want:
                    sys.exit(f"{d}: the intended fix fails the test with args {args} stdin {stdin!r}")
            keep = counted(base)
            base = [(a, i) for a, i, _ in base]
            tests, seen = [], set()
            # Inputs with few distinct variants (one small number) give
            # fewer than 20: the draws are bounded.
            for _ in range(2000):
                if len(tests) >= 20:
                    break
                args, stdin = rng.choice(base)
                args = [perturb(a, rng) for a in args]
                stdin = perturb(stdin, rng, keep)
                if (tuple(args), stdin) in seen:
                    continue
                seen.add((tuple(args), stdin))
                r = subprocess.run([str(exe), *args], input=stdin.encode(), capture_output=True, timeout=5)
                t = {"name": f"h{len(tests) + 1:02}"}
                if args:
                    t["args"] = args
                if stdin:
                    t["stdin"] = stdin
                t["stdout"] = r.stdout.decode()
                t["exit"] = r.returncode
                tests.append(t)
        head = "# Held-out inputs with the intended fix's output (scripts/heldout.py);\n# `se2repair fix` never reads this file.\n"
        (d / "heldout.yaml").write_text(head + yaml.dump({"tests": tests}, Dumper=Quoted, sort_keys=False, allow_unicode=True, width=1000))
        print(f"{d}: {len(tests)} held-out inputs")


if __name__ == "__main__":
    main()
