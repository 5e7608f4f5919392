"""Native replay of Table 5's generated tests on the coverage build, in
the environment the VM explored them in (scripts/table5.py).

A test is only worth its coverage if the native run takes the path the VM
took. So the VM and the replay share what they can:

  * the program's environment (`ENV`): `klee` gets it with --env-file
    and runs in an empty directory (--run-in-dir), as a replay runs in a
    fresh directory holding only the test's symbolic files;
  * standard input and output are what the test's stat objects say they
    were (`stdin_stat`, `stdout_stat`, the VM's --sym-stdin/--sym-stdout):
    a regular file (seekable: head's lseek, cat's copy_file_range), a
    pipe, or for standard output a terminal of 80 columns (ls's
    columns), the window the VM answers TIOCGWINSZ with.
"""
import fcntl
import json
import os
import pty
import select
import shutil
import struct
import subprocess
import tempfile
import termios
import time

# The program's environment, under the VM and at replay (the C locale:
# the multibyte paths a UTF-8 locale takes are another program's).
ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
# glibc's struct stat on x86-64: st_mode is the 32-bit word at offset 24.
ST_MODE_OFFSET = 24
S_IFMT, S_IFREG, S_IFCHR, S_IFIFO = 0o170000, 0o100000, 0o020000, 0o010000
# The window the VM reports for a symbolic terminal (rows, columns).
WINDOW = (24, 80)


def write_env_file(path):
    """ENV as a `klee --env-file` (one NAME=VALUE per line)."""
    with open(path, "w") as fh:
        fh.write("".join(f"{k}={v}\n" for k, v in ENV.items()))


def read_ktest(path):
    """The (name, bytes) objects of a .ktest file."""
    with open(path, "rb") as fh:
        b = fh.read()
    if b[:5] != b"KTEST":
        raise ValueError(f"{path}: not a .ktest file")
    pos = 5
    (version,) = struct.unpack_from(">I", b, pos)
    pos += 4

    def u32():
        nonlocal pos
        (v,) = struct.unpack_from(">I", b, pos)
        pos += 4
        return v

    def blob():
        nonlocal pos
        n = u32()
        v = b[pos:pos + n]
        pos += n
        return v

    for _ in range(u32()):
        blob()
    if version >= 2:
        u32()
        u32()
    objs = []
    for _ in range(u32()):
        name = blob().decode(errors="replace")
        objs.append((name, blob()))
    return objs


def file_kind(stat_bytes):
    """S_IFMT of a recorded struct stat (regular when it is missing)."""
    if stat_bytes is None or len(stat_bytes) < ST_MODE_OFFSET + 4:
        return S_IFREG
    (mode,) = struct.unpack_from("<I", stat_bytes, ST_MODE_OFFSET)
    return mode & S_IFMT


def regular_file(data):
    """An unnamed regular file holding data, at its start."""
    fh = tempfile.TemporaryFile()
    fh.write(data)
    fh.flush()
    fh.seek(0)
    return fh


def terminal():
    """A pseudo-terminal of WINDOW's size: (reading end, program's end)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", WINDOW[0], WINDOW[1], 0, 0))
    return master, slave


def run_on_terminal(cmd, stdin, stdin_data, cwd, env, timeout):
    """cmd with a terminal as standard output, drained as it writes; its
    exit status (None when it ran out of time)."""
    master, slave = terminal()
    try:
        p = subprocess.Popen(cmd, stdin=stdin, stdout=slave, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
    finally:
        os.close(slave)
    if stdin == subprocess.PIPE:
        try:
            p.stdin.write(stdin_data)
            p.stdin.close()
        except OSError:
            pass
    end = time.monotonic() + timeout
    killed = False
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                p.kill()
                killed = True
                break
            ready, _, _ = select.select([master], [], [], min(left, 0.1))
            if ready:
                try:
                    if not os.read(master, 65536):
                        break
                except OSError:
                    break
            elif p.poll() is not None:
                break
        p.wait()
    finally:
        os.close(master)
    return None if killed else p.returncode


def replay(ktest, exe, prefix, timeout):
    """Runs one generated test natively; its coverage goes under prefix.
    Returns its exit status (None when it ran out of time)."""
    objs = read_ktest(ktest)
    get = dict(objs).get
    args = [data.split(b"\0", 1)[0] for name, data in objs if name.startswith("arg") and name[3:].isdigit()]
    stdin_data = get("stdin", b"")
    files = [(name[:-5], data) for name, data in objs if name.endswith("_data")]
    env = dict(ENV, GCOV_PREFIX=prefix, GCOV_PREFIX_STRIP="0")
    with tempfile.TemporaryDirectory(prefix="table5-") as d:
        for name, data in files:
            with open(os.path.join(d, name), "wb") as fh:
                fh.write(data)
        cmd = [exe] + args
        if os.geteuid() == 0:
            # A generated test may name any file: it runs without privileges.
            os.chmod(d, 0o777)
            for name, _ in files:
                os.chmod(os.path.join(d, name), 0o666)
            cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + cmd
        opened = []
        try:
            if file_kind(get("stdin_stat")) == S_IFIFO:
                stdin = subprocess.PIPE
            else:
                stdin = regular_file(stdin_data)
                opened.append(stdin)
            out_kind = file_kind(get("stdout_stat")) if get("stdout") is not None else S_IFIFO
            if out_kind == S_IFCHR:
                return run_on_terminal(cmd, stdin, stdin_data, d, env, timeout)
            if out_kind == S_IFIFO:
                stdout = subprocess.PIPE
            else:
                stdout = tempfile.TemporaryFile()
                opened.append(stdout)
            try:
                return subprocess.run(cmd, input=stdin_data if stdin == subprocess.PIPE else None,
                                      stdin=None if stdin == subprocess.PIPE else stdin, stdout=stdout,
                                      stderr=subprocess.DEVNULL, cwd=d, env=env, timeout=timeout).returncode
            except subprocess.TimeoutExpired:
                return None
        finally:
            for fh in opened:
                fh.close()


def coverage(cache, stem, source, prefix):
    """(covered lines, lines) of source (its gcov object stem) in prefix's data."""
    src_dir = os.path.join(cache, "coreutils-cov", "coreutils-9.1", "src")
    mirror = prefix + src_dir
    os.makedirs(mirror, exist_ok=True)
    shutil.copy(os.path.join(src_dir, f"{stem}.gcno"), mirror)
    target = os.path.join(mirror, f"{stem}.gcda" if os.path.exists(os.path.join(mirror, f"{stem}.gcda")) else f"{stem}.gcno")
    r = subprocess.run(["gcov", "--json-format", "--stdout", target], cwd=mirror, text=True, capture_output=True)
    lines = {}
    for doc in r.stdout.splitlines():
        if not doc.strip():
            continue
        for f in json.loads(doc).get("files", []):
            if os.path.basename(f.get("file", "")) != source:
                continue
            for ln in f.get("lines", []):
                n = ln["line_number"]
                lines[n] = max(lines.get(n, 0), ln.get("count", 0))
    return sum(1 for c in lines.values() if c > 0), len(lines)
