#!/usr/bin/env python3
"""Runs real GNU programs (built by build.sh) natively and in the VM
(`se2repair run`) on the same commands and compares stdout, stderr, the
exit code and the files left behind.

    scripts/real-programs/corpus.py [--subset ci] [--se2repair PATH] [-v]

Each command runs in a fresh copy of a fixture tree (files, directories,
symlinks, a symlink loop, UTF-8 text), once natively and once in the VM,
with the same argv[0] and environment. The last line is
`real-programs: K/N agree`; the exit code is 0 when every command agrees.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

CACHE = os.path.join(os.environ.get("SE2REPAIR_CACHE", os.path.expanduser("~/.cache/se2repair")), "real")
PKG = {"find": "findutils", "grep": "grep"}
for _p in ["base64", "cat", "cp", "head", "ls", "pr", "pwd", "sort", "test", "wc"]:
    PKG[_p] = "coreutils"

UTF8 = {"LC_ALL": "en_US.UTF-8"}

# (program, args, extra environment, in the CI subset)
COMMANDS = [
    # find: names, types, sizes, symlinks, -printf, -ls, -exec, users, times, regex
    ("find", ["t"], None, True),
    ("find", ["t", "-name", "*.txt"], None, True),
    ("find", ["t", "-iname", "*.TXT"], None, False),
    ("find", ["t", "-type", "d"], None, True),
    ("find", ["t", "-type", "f"], None, False),
    ("find", ["t", "-type", "l"], None, False),
    ("find", ["-L", "t"], None, True),
    ("find", ["-L", "t", "-type", "f"], None, False),
    ("find", ["t", "-maxdepth", "1"], None, False),
    ("find", ["t", "-mindepth", "2", "-name", "*.c"], None, False),
    ("find", ["t", "-empty"], None, False),
    ("find", ["t", "-size", "+1k"], None, False),
    ("find", ["t", "-size", "-2c", "-type", "f"], None, False),
    ("find", ["t", "-path", "*/sub/*"], None, False),
    ("find", ["t", "-regex", ".*\\.c"], None, True),
    ("find", ["t", "-regextype", "posix-extended", "-regex", ".*/(a|b)\\.txt"], None, False),
    ("find", ["t", "-user", "root"], None, False),
    ("find", ["t", "-nouser"], None, False),
    ("find", ["t", "-group", "root", "-name", "a*"], None, False),
    ("find", ["t", "-newermt", "2001-01-01", "-name", "*.c"], None, False),
    ("find", ["t", "-mtime", "-1", "-type", "f"], None, False),
    ("find", ["t", "-perm", "-u=x", "-type", "f"], None, False),
    ("find", ["t", "-name", "*.txt", "-printf", "%p %s %y %d\\n"], None, True),
    ("find", ["t", "-printf", "%f|%h|%P|%m\\n"], None, False),
    ("find", ["t", "-type", "f", "-ls"], None, False),
    ("find", ["t", "-type", "f", "-exec", "cat", "{}", ";"], None, True),
    ("find", ["t", "-name", "*.c", "-exec", "echo", "found", "{}", "+"], None, False),
    ("find", ["t", "-name", "*.txt", "-execdir", "pwd", ";"], None, False),
    ("find", ["t", "-name", "b.txt", "-delete"], None, True),
    ("find", ["t", "-name", "nothing"], None, False),
    ("find", ["missing"], None, True),
    ("find", ["t", "-badopt"], None, False),
    ("find", ["t", "-name", "*.txt", "-o", "-name", "*.c"], None, False),
    ("find", ["t", "!", "-name", "*.txt", "-type", "f"], None, False),
    ("find", ["t", "-prune", "-o", "-print"], None, False),
    ("find", ["t", "-depth"], None, False),
    ("find", ["t", "-print0"], None, False),
    ("find", ["t", "-samefile", "t/a.txt"], None, False),
    ("find", ["t", "-links", "1", "-type", "f"], None, False),
    ("find", ["t", "-readable", "-name", "*.c"], None, False),
    # grep: plain, recursive with symlinks, options, context, UTF-8
    ("grep", ["hello", "t/a.txt"], None, True),
    ("grep", ["-i", "HELLO", "t/a.txt"], None, True),
    ("grep", ["-w", "foo", "t/a.txt"], None, False),
    ("grep", ["-o", "o.", "t/a.txt"], None, False),
    ("grep", ["-c", "o", "t/a.txt"], None, True),
    ("grep", ["-v", "o", "t/a.txt"], None, False),
    ("grep", ["-n", "o", "t/a.txt"], None, False),
    ("grep", ["-E", "fo+|xy", "t/a.txt"], None, True),
    ("grep", ["-F", "-e", "bar", "-e", "xyz", "t/a.txt"], None, False),
    ("grep", ["-x", "xyz", "t/a.txt"], None, False),
    ("grep", ["-C1", "xyz", "t/a.txt"], None, False),
    ("grep", ["-A1", "hello", "t/a.txt"], None, False),
    ("grep", ["-B1", "xyz", "t/a.txt"], None, False),
    ("grep", ["-r", "hello", "t"], None, True),
    ("grep", ["-R", "hello", "t"], None, False),
    ("grep", ["-rl", "o", "t"], None, False),
    ("grep", ["-rL", "hello", "t"], None, False),
    ("grep", ["-r", "--include=*.c", "main", "t"], None, False),
    ("grep", ["-h", "o", "t/a.txt", "t/b.txt"], None, False),
    ("grep", ["-H", "o", "t/a.txt"], None, False),
    ("grep", ["-m1", "o", "t/a.txt"], None, False),
    ("grep", ["-q", "hello", "t/a.txt"], None, False),
    ("grep", ["-s", "x", "t/missing"], None, False),
    ("grep", ["x", "t/missing"], None, True),
    ("grep", ["nomatch", "t/a.txt"], None, True),
    ("grep", ["-e", "[", "t/a.txt"], None, False),
    ("grep", ["-E", "(ab|cd)+", "t/b.txt"], None, False),
    ("grep", ["-P", "x", "t/a.txt"], None, False),
    ("grep", ["-o", "caf.", "t/u8.txt"], UTF8, True),
    ("grep", ["-i", "CAFÉ", "t/u8.txt"], UTF8, True),
    ("grep", ["-c", ".", "t/u8.txt"], UTF8, False),
    ("grep", ["-w", "naïve", "t/u8.txt"], UTF8, False),
    ("grep", ["[[:alpha:]]é", "t/u8.txt"], UTF8, False),
    ("grep", ["-a", "\xbc\xa1", "t/u8.txt"], None, False),
    ("grep", ["--color=always", "hello", "t/a.txt"], None, False),
    ("grep", ["-f", "t/pats", "t/a.txt"], None, False),
    ("grep", ["-z", "foo", "t/a.txt"], None, False),
    ("grep", ["--count", "-r", "o", "t/sub"], None, False),
    # coreutils of the paper's Table 5
    ("base64", ["t/a.txt"], None, True),
    ("base64", ["-d", "t/b64"], None, False),
    ("base64", ["-w", "8", "t/b.txt"], None, False),
    ("cat", ["t/a.txt", "t/b.txt"], None, True),
    ("cat", ["-n", "t/a.txt"], None, False),
    ("cat", ["-A", "t/u8.txt"], None, False),
    ("cat", ["t/missing"], None, False),
    ("cp", ["t/a.txt", "t/copy.txt"], None, True),
    ("cp", ["-r", "t/sub", "t/sub2"], None, False),
    ("cp", ["t/missing", "t/x"], None, False),
    ("head", ["-n", "2", "t/a.txt"], None, True),
    ("head", ["-c", "5", "t/a.txt"], None, False),
    ("head", ["t/a.txt", "t/b.txt"], None, False),
    ("ls", ["t"], None, True),
    ("ls", ["-a", "t/sub"], None, False),
    ("ls", ["-R", "t"], None, False),
    ("ls", ["-1", "-F", "t"], None, False),
    ("ls", ["-d", "t/missing"], None, False),
    ("pr", ["-h", "title", "t/a.txt"], None, False),
    ("pr", ["-2", "-t", "t/a.txt"], None, False),
    ("pwd", [], None, True),
    ("pwd", ["-P"], None, False),
    ("sort", ["t/a.txt"], None, True),
    ("sort", ["-r", "t/a.txt"], None, False),
    ("sort", ["-n", "t/nums"], None, False),
    ("sort", ["-u", "-f", "t/a.txt"], None, False),
    ("sort", ["-k2", "t/a.txt"], None, False),
    ("test", ["-f", "t/a.txt"], None, True),
    ("test", ["-d", "t/a.txt"], None, False),
    ("test", ["-L", "t/sub/loop"], None, False),
    ("test", ["abc", "=", "abc"], None, False),
    ("test", ["3", "-lt", "2"], None, False),
    ("wc", ["t/a.txt"], None, True),
    ("wc", ["-l", "t/a.txt", "t/b.txt"], None, False),
    ("wc", ["-m", "t/u8.txt"], UTF8, False),
    ("wc", ["-w", "t/missing"], None, False),
]


def make_fixture(root):
    """The tree every command runs in (a fresh copy each time)."""
    t = os.path.join(root, "t")
    os.makedirs(os.path.join(t, "sub", "deep"))
    os.makedirs(os.path.join(t, "empty"))
    files = {
        "a.txt": "hello world\nfoo bar\nHello again\nxyz\nfoo\n",
        "b.txt": "abcd cdab\nbar\n",
        "main.c": "int main(void) { return 0; }\n",
        "sub/x.txt": "another hello\n",
        "sub/deep/y.c": "/* main */\n",
        "nums": "10\n9\n100\n-1\n",
        "b64": "aGVsbG8K\n",
        "pats": "xyz\nbar\n",
        "big.bin": "x" * 3000,
        "zero": "",
    }
    # UTF-8 text, then two bytes that are not UTF-8.
    blobs = {name: text.encode() for name, text in files.items()}
    blobs["u8.txt"] = "café ok\nnaïve man\n".encode() + b"\xbc\xa1 raw\n"
    for name, data in blobs.items():
        with open(os.path.join(t, name), "wb") as f:
            f.write(data)
    os.chmod(os.path.join(t, "main.c"), 0o755)
    os.symlink("../a.txt", os.path.join(t, "sub", "link.txt"))
    os.symlink("..", os.path.join(t, "sub", "loop"))
    os.symlink("nowhere", os.path.join(t, "dangling"))
    stamp = 1_700_000_000
    for dirpath, dirnames, filenames in os.walk(t):
        for n in filenames + dirnames:
            p = os.path.join(dirpath, n)
            if not os.path.islink(p):
                os.utime(p, (stamp, stamp))


def snapshot(root):
    """The files left behind: path, kind, size and content digest."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for n in sorted(filenames + dirnames):
            p = os.path.join(dirpath, n)
            rel = os.path.relpath(p, root)
            if os.path.islink(p):
                out.append((rel, "l", os.readlink(p)))
            elif os.path.isdir(p):
                out.append((rel, "d", ""))
            else:
                with open(p, "rb") as f:
                    out.append((rel, "f", f.read()))
    return out


def run(cmd, cwd, env, timeout):
    try:
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--subset", choices=["ci", "all"], default="all")
    ap.add_argument("--se2repair", default=os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "se2repair"))
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    se2 = os.path.abspath(opts.se2repair)
    if not os.access(se2, os.X_OK):
        sys.exit(f"real-programs: {se2} not found (cargo build --release)")
    agree, total, skipped = 0, 0, []
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    base_env["LANG"] = "C"
    with tempfile.TemporaryDirectory(prefix="se2-real-") as tmp:
        fixture = os.path.join(tmp, "fixture")
        os.mkdir(fixture)
        make_fixture(fixture)
        for prog, args, extra, in_ci in COMMANDS:
            if opts.subset == "ci" and not in_ci:
                continue
            pkg = PKG[prog]
            native = os.path.join(CACHE, pkg, "bin", prog)
            bc = os.path.join(CACHE, pkg, "bc", prog + ".bc")
            if not (os.path.exists(native) and os.path.exists(bc)):
                skipped.append(prog)
                continue
            total += 1
            env = dict(base_env)
            env.update(extra or {})
            bargs = [a.encode("latin-1") if "\xbc" in a else a.encode() for a in args]
            results = []
            for mode in ("native", "vm"):
                work = os.path.join(tmp, "work")  # one path: programs print it
                shutil.rmtree(work, ignore_errors=True)
                shutil.copytree(fixture, work, symlinks=True)
                if mode == "native":
                    cmd = ["bash", "-c", 'exec -a "$0" "$@"', bc.encode(), native.encode()] + bargs
                else:
                    out_dir = os.path.join(tmp, "klee-out")
                    shutil.rmtree(out_dir, ignore_errors=True)
                    cmd = [se2, "run", "-q", "--output-dir", out_dir, bc.encode()] + bargs
                code, out, err = run(cmd, work, env, opts.timeout)
                results.append((code, out, err, snapshot(work)))
            (nc, no, ne, nf), (vc, vo, ve, vf) = results
            label = f"{prog} {' '.join(args)}" + (" [UTF-8]" if extra else "")
            if results[0] == results[1]:
                agree += 1
                if opts.verbose:
                    print(f"agree   {label}")
            else:
                why = []
                if nc != vc:
                    why.append(f"exit {nc} vs {vc}")
                if no != vo:
                    why.append("stdout")
                if ne != ve:
                    why.append("stderr")
                if nf != vf:
                    why.append("files")
                print(f"DIFFERS {label}: {', '.join(why)}")
                if opts.verbose:
                    err_files = [f for f in os.listdir(os.path.join(tmp, "klee-out")) if f.endswith(".err")] if os.path.isdir(os.path.join(tmp, "klee-out")) else []
                    for f in err_files:
                        with open(os.path.join(tmp, "klee-out", f)) as fh:
                            print("        " + fh.readline().strip())
                    if ve != ne:
                        print("        vm stderr: " + ve.decode(errors="replace")[:300].replace("\n", "\n        "))
    if skipped:
        print(f"real-programs: not built, skipped: {', '.join(sorted(set(skipped)))} (scripts/real-programs/build.sh)")
    print(f"real-programs: {agree}/{total} agree")
    sys.exit(0 if agree == total and total > 0 else 1)


if __name__ == "__main__":
    main()
