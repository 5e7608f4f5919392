//! A model of `read` or `write` checked against the C library's: the
//! bytes moved and the count returned (docs/model-lib.md, "Agreement
//! with the C library"). Each input is a file's content drawn from the
//! tests' character classes and a length asked for; the model and the
//! host's function each run on their own descriptor of the same file,
//! three calls in a row for `read` (so the end of the file is reached),
//! one for `write`, and one call on a closed descriptor.

use super::rng::Rng;
use std::fmt::Write as _;

/// Which of the kernel's byte functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByteIo {
    Read,
    Write,
}

impl ByteIo {
    /// `read(int, void *, size_t)` or `write(int, const void *, size_t)`
    /// returning an integer, by name and arity.
    pub fn of(name: &str, nparams: usize) -> Option<ByteIo> {
        match (name, nparams) {
            ("read", 3) => Some(ByteIo::Read),
            ("write", 3) => Some(ByteIo::Write),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ByteIo::Read => "read",
            ByteIo::Write => "write",
        }
    }
}

/// One input: the file's content and the length asked for (`None`: a
/// closed descriptor).
#[derive(Clone, Debug)]
pub struct Input {
    pub data: Vec<u8>,
    pub n: Option<usize>,
}

/// `count` inputs over `alpha`: lengths up to 64 bytes, the length asked
/// for below, at and beyond the content's; every tenth a closed
/// descriptor.
pub fn inputs(alpha: &[u8], count: usize) -> Vec<Input> {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    (0..count)
        .map(|k| {
            let len = rng.below(65);
            let data: Vec<u8> = (0..len).map(|_| alpha[rng.below(alpha.len())]).collect();
            let n = match k % 10 {
                9 => None,
                0 | 5 => Some(len),
                1 | 6 => Some(rng.below(len + 1)),
                2 => Some(4096),
                _ => Some(1 + rng.below(len + 8)),
            };
            Input { data, n }
        })
        .collect()
}

fn c_bytes(d: &[u8]) -> String {
    let mut s = String::from("{");
    for b in d {
        let _ = write!(s, "{b},");
    }
    s.push_str("0}");
    s
}

/// The harness's C: one line per input, `1`, or `0 MODEL REAL` with the
/// counts (and `bytes` when only the bytes differ).
pub fn harness(io: ByteIo, ins: &[Input]) -> String {
    let mut s = String::from(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <fcntl.h>\n",
    );
    let f = io.name();
    s.push_str(&format!(
        "ssize_t se2_model_{f}(int, {}void *, size_t);\n",
        if io == ByteIo::Write { "const " } else { "" }
    ));
    // The harness fills and reads back its files with stdio, never with
    // the function under test.
    s.push_str(
        r#"static char pa[] = "/tmp/se2-agree-aXXXXXX", pb[] = "/tmp/se2-agree-bXXXXXX";
static unsigned char ba[8192], bb[8192];
static void fill(const char *p, const unsigned char *d, size_t len) {
  FILE *f = fopen(p, "wb");
  if (!f || fwrite(d, 1, len, f) != len) exit(3);
  fclose(f);
}
static size_t slurp(const char *p, unsigned char *to) {
  FILE *f = fopen(p, "rb");
  size_t k = f ? fread(to, 1, sizeof ba, f) : 0;
  if (f) fclose(f);
  return k;
}
"#,
    );
    s.push_str("int main(void) {\n  int ta = mkstemp(pa), tb = mkstemp(pb);\n  if (ta < 0 || tb < 0) return 3;\n  close(ta); close(tb);\n  setvbuf(stdout, 0, _IOLBF, 0);\n");
    for i in ins {
        let body = match (io, i.n) {
            (ByteIo::Read, Some(n)) => format!(
                "fill(pa, d, sizeof d - 1); int fa = open(pa, O_RDONLY), fb = open(pa, O_RDONLY); int ok = 1; long x = 0, y = 0;\n    for (int r = 0; r < 3 && ok; r++) {{ memset(ba, 7, sizeof ba); memset(bb, 7, sizeof bb); x = se2_model_read(fa, ba, {n}); y = read(fb, bb, {n}); ok = x == y && (x <= 0 || !memcmp(ba, bb, x)); }}\n    close(fa); close(fb);"
            ),
            (ByteIo::Write, Some(n)) => format!(
                "size_t n = {n} < sizeof d - 1 ? {n} : sizeof d - 1; fill(pa, d, 0); fill(pb, d, 0); int fa = open(pa, O_WRONLY), fb = open(pb, O_WRONLY);\n    long x = se2_model_write(fa, d, n), y = write(fb, d, n); close(fa); close(fb);\n    size_t ka = slurp(pa, ba), kb = slurp(pb, bb); int ok = x == y && ka == kb && !memcmp(ba, bb, ka);"
            ),
            (ByteIo::Read, None) => {
                "int ok; long x = se2_model_read(-1, ba, 8), y = read(-1, bb, 8); ok = x == y;".to_string()
            }
            (ByteIo::Write, None) => "int ok; long x = se2_model_write(-1, d, 1), y = write(-1, d, 1); ok = x == y;".to_string(),
        };
        let _ = writeln!(
            s,
            "  {{ static const unsigned char d[] = {}; (void)d;\n    {body}\n    if (ok) puts(\"1\"); else printf(\"0 %ld %ld\\n\", x, y); }}",
            c_bytes(&i.data)
        );
    }
    s.push_str("  unlink(pa); unlink(pb);\n  return 0;\n}\n");
    s
}

/// How the witness reads.
pub fn witness(io: ByteIo, i: &Input, line: Option<&str>) -> String {
    let f = io.name();
    let at = match i.n {
        Some(n) => format!("{f} of {n} bytes on a file of {:?}", String::from_utf8_lossy(&i.data)),
        None => format!("{f} on a closed descriptor"),
    };
    let Some(line) = line else { return format!("{at}: the model does not return (it crashes or loops)") };
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [_, a, b] if a == b => format!("{at}: both give {a}, but the bytes differ"),
        [_, a, b] => format!("{at}: the model gives {a}, the C library {b}"),
        _ => format!("{at}: they differ"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_reach_the_end_of_the_file_and_a_closed_descriptor() {
        let ins = inputs(b"ab\n", 100);
        assert_eq!(ins.iter().filter(|i| i.n.is_none()).count(), 10);
        assert!(ins.iter().any(|i| i.n.is_some_and(|n| n > i.data.len())));
        assert!(ins.iter().any(|i| i.n.is_some_and(|n| n < i.data.len())));
        assert!(ins.iter().all(|i| i.data.iter().all(|b| b"ab\n".contains(b))));
        assert_eq!(ByteIo::of("read", 3), Some(ByteIo::Read));
        assert_eq!(ByteIo::of("strlen", 1), None);
    }
}
