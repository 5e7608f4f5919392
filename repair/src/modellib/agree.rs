//! A model checked against the C library's own function, beyond the
//! tests: on inputs drawn from the characters the tests use, how often
//! the model and the host's function agree (docs/model-lib.md, "Agreement
//! with the C library"). Both run natively in one harness, the model
//! compiled with FUNC renamed `se2_model_FUNC`.
//!
//! What agreeing means follows the function's contract: a comparison
//! (`strcmp`, `strncmp`, `memcmp`, `strcasecmp`, `strcoll`, …) agrees on
//! the sign of its result; a parse with an end pointer (`strtol`) on the
//! value and on where it stopped; `read` and `write` on the count and the
//! bytes moved ([`super::agree_bytes`]); any other function on its value.

use super::agree_bytes::{self, ByteIo};
use super::interp::Call;
use super::rng::Rng;
use super::sig::{Kind, Signature};
use crate::config::TestCase;
use crate::native::NativeError;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Inputs a model is checked on.
pub const AGREEMENT_INPUTS: usize = 1000;
/// Below this share of agreeing inputs a model is reported weak.
pub const WEAK_BELOW: f64 = 0.95;

/// How a model's result is compared with the C library's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Compared {
    Sign,
    Value,
    ValueAndEnd,
    /// `read`/`write`: the count returned and the bytes moved.
    Bytes,
}

/// The model against the C library's function.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Agreement {
    pub inputs: usize,
    pub agreeing: usize,
    pub compared: Compared,
    /// Agrees on less than [`WEAK_BELOW`] of the inputs.
    pub weak: bool,
    /// The first input they disagree on, with both results.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<String>,
}

impl Agreement {
    pub fn share(&self) -> f64 {
        if self.inputs == 0 {
            return 0.0;
        }
        self.agreeing as f64 / self.inputs as f64
    }

    /// `98.7% of 1000 inputs (sign)`, and the witness when weak.
    pub fn describe(&self) -> String {
        let what = match self.compared {
            Compared::Sign => "the sign",
            Compared::Value => "the value",
            Compared::ValueAndEnd => "the value and the end",
            Compared::Bytes => "the count and the bytes",
        };
        let mut s =
            format!("agrees with the C library on {:.1}% of {} inputs ({what})", 100.0 * self.share(), self.inputs);
        if let (true, Some(w)) = (self.weak, &self.witness) {
            s.push_str(&format!("; weak: {w}"));
        }
        s
    }
}

/// Why no agreement was measured (the report says it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotChecked {
    /// The signature has a kind the harness cannot drive.
    Signature,
    /// The host's C library has no such function.
    NotInLibrary,
}

impl NotChecked {
    pub fn describe(&self, func: &str) -> String {
        match self {
            NotChecked::Signature => format!("not compared with the C library: {func}'s signature has no random inputs here (strings and integers in, an integer out; read and write)"),
            NotChecked::NotInLibrary => format!("not compared with the C library: the host's C library has no {func}"),
        }
    }
}

fn compared(sig: &Signature) -> Option<Compared> {
    if sig.ret != Kind::Int || sig.decl.variadic {
        return None;
    }
    if ByteIo::of(&sig.name, sig.params.len()).is_some() {
        return Some(Compared::Bytes);
    }
    if !sig.params.iter().all(|k| matches!(k, Kind::Int | Kind::Str | Kind::EndPtr)) {
        return None;
    }
    let n = &sig.name;
    Some(if sig.params.contains(&Kind::EndPtr) {
        Compared::ValueAndEnd
    } else if n.contains("cmp") || n.contains("coll") {
        Compared::Sign
    } else {
        Compared::Value
    })
}

/// The characters of the tests' inputs and of the recorded calls'
/// strings, widened to their classes (digits, capitals, small letters,
/// blanks, punctuation) so the inputs go beyond the tests' own words.
fn alphabet(calls: &[Call], tests: &[&TestCase]) -> Vec<u8> {
    let mut seen = [false; 128];
    let mut mark = |c: u8| {
        if (1..128).contains(&c) {
            seen[c as usize] = true;
        }
    };
    for c in calls {
        c.strs.iter().flatten().for_each(|&b| mark(b));
    }
    for t in tests {
        t.args.iter().flat_map(|a| a.bytes()).for_each(&mut mark);
        t.stdin.iter().take(4096).for_each(|&b| mark(b));
    }
    super::enumsynth::class_alphabet(|k| (1u8..128).any(|s| seen[s as usize] && k(s)))
}

/// `n` inputs: each string random over `alpha` (its length near a
/// recorded one's), every other second string a near copy of the first
/// (equal, a prefix, one character changed), so equal strings and shared
/// prefixes are common; integers from a recorded call, else a base.
fn inputs(sig: &Signature, calls: &[Call], alpha: &[u8], n: usize) -> Vec<Call> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let nstrs = sig.params.iter().filter(|k| **k == Kind::Str).count();
    let nints = sig.params.iter().filter(|k| **k == Kind::Int).count();
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let tpl = (!calls.is_empty()).then(|| &calls[k % calls.len()]);
        let mut strs: Vec<Vec<u8>> = Vec::with_capacity(nstrs);
        for j in 0..nstrs {
            let base = tpl.and_then(|c| c.strs.get(j)).map_or(6, |s| s.len().clamp(1, 24));
            let len = rng.below(base + 4);
            let fresh: Vec<u8> = (0..len).map(|_| alpha[rng.below(alpha.len())]).collect();
            let s = match (j, k % 4) {
                (1.., 1) => strs[0].clone(),
                (1.., 2) => strs[0][..rng.below(strs[0].len() + 1)].to_vec(),
                (1.., 3) if !strs[0].is_empty() => {
                    let mut s = strs[0].clone();
                    let i = rng.below(s.len());
                    s[i] = alpha[rng.below(alpha.len())];
                    s
                }
                _ => fresh,
            };
            strs.push(s);
        }
        let ints = match tpl {
            Some(c) if c.ints.len() == nints => c.ints.clone(),
            _ => (0..nints).map(|i| [10, 0, 16, 8, 2, 36][(k + i) % 6]).collect(),
        };
        out.push(Call { ints, strs });
    }
    out
}

fn c_string(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in s {
        match b {
            b'"' | b'\\' => out.push_str(&format!("\\{}", b as char)),
            0x20..=0x7e if b != b'?' => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push('"');
    out
}

/// The harness's C: every input through the model and the library; one
/// line per input, `1` or `0 MODEL REAL`.
fn harness(sig: &Signature, cmp: Compared, ins: &[Call]) -> String {
    let mut s = String::new();
    for h in ["stdio.h", "stdlib.h", "string.h", "strings.h", "ctype.h", "unistd.h", "inttypes.h"] {
        s.push_str(&format!("#include <{h}>\n"));
    }
    let params: Vec<&str> = sig.decl.params.iter().map(|(_, t)| t.as_str()).collect();
    s.push_str(&format!("{} se2_model_{}({});\n", sig.decl.ret, sig.name, params.join(", ")));
    s.push_str("int main(void) {\n  char *e1, *e2;\n  setvbuf(stdout, 0, _IOLBF, 0);\n");
    for c in ins {
        let decls: Vec<String> = c.strs.iter().enumerate().map(|(j, s)| format!("s{j}[] = {}", c_string(s))).collect();
        let (mut si, mut ii) = (0, 0);
        let args: Vec<String> = sig
            .params
            .iter()
            .zip(&params)
            .map(|(k, ty)| match k {
                Kind::Str => {
                    si += 1;
                    format!("({ty})s{}", si - 1)
                }
                Kind::Int => {
                    ii += 1;
                    format!("({ty}){}", c.ints[ii - 1])
                }
                _ => "&E".to_string(),
            })
            .collect();
        let call = |f: &str, e: &str| format!("{f}({})", args.join(", ").replace("&E", &format!("&{e}")));
        let same = match cmp {
            Compared::Sign => "(a > 0) == (b > 0) && (a < 0) == (b < 0)",
            Compared::Value | Compared::Bytes => "a == b",
            Compared::ValueAndEnd => "a == b && e1 == e2",
        };
        s.push_str(&format!(
            "  {{ {}e1 = e2 = 0; long long a = (long long){}; long long b = (long long){};\n    if ({same}) puts(\"1\"); else printf(\"0 %lld %lld %ld %ld\\n\", a, b, (long)(e1 ? e1 - s0 : -1), (long)(e2 ? e2 - s0 : -1)); }}\n",
            if decls.is_empty() { "static const char s0[] = \"\"; ".to_string() } else { format!("static const char {}; ", decls.join(", ")) },
            call(&format!("se2_model_{}", sig.name), "e1"),
            call(&sig.name, "e2"),
        ));
    }
    s.push_str("  return 0;\n}\n");
    s
}

/// How the witness reads: `strcmp("ab", "a"): the model gives 0, the C
/// library 98`.
fn witness(sig: &Signature, c: &Call, line: Option<&str>) -> String {
    let (mut si, mut ii) = (0, 0);
    let args: Vec<String> = sig
        .params
        .iter()
        .map(|k| match k {
            Kind::Str => {
                si += 1;
                format!("{:?}", String::from_utf8_lossy(&c.strs[si - 1]))
            }
            Kind::Int => {
                ii += 1;
                c.ints[ii - 1].to_string()
            }
            _ => "&end".into(),
        })
        .collect();
    let at = format!("{}({})", sig.name, args.join(", "));
    let Some(line) = line else { return format!("{at}: the model does not return (it crashes or loops)") };
    let f: Vec<&str> = line.split_whitespace().collect();
    match f.as_slice() {
        [_, a, b, ea, eb] if ea != eb && a == b => {
            format!("{at}: both give {a}, but the model stops at another place than the C library")
        }
        [_, a, b, ..] => format!("{at}: the model gives {a}, the C library {b}"),
        _ => format!("{at}: they differ"),
    }
}

/// The model in `model` (C defining FUNC) against the host's FUNC on
/// [`AGREEMENT_INPUTS`] inputs; `Err(NotChecked)` when it cannot be.
pub fn check(
    sig: &Signature, model: &Path, calls: &[Call], tests: &[&TestCase],
) -> Result<Result<Agreement, NotChecked>, String> {
    let Some(cmp) = compared(sig) else { return Ok(Err(NotChecked::Signature)) };
    let alpha = alphabet(calls, tests);
    let alpha = if alpha.is_empty() { (b'a'..=b'z').collect() } else { alpha };
    let io = ByteIo::of(&sig.name, sig.params.len());
    let (ins, byte_ins) = match io {
        Some(_) => (Vec::new(), agree_bytes::inputs(&alpha, AGREEMENT_INPUTS)),
        None => (inputs(sig, calls, &alpha, AGREEMENT_INPUTS), Vec::new()),
    };
    let total = ins.len() + byte_ins.len();
    let dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let main_c = dir.path().join("agree.c");
    let text = match io {
        Some(io) => agree_bytes::harness(io, &byte_ins),
        None => harness(sig, cmp, &ins),
    };
    std::fs::write(&main_c, text).map_err(|e| e.to_string())?;
    let exe = match crate::native::build_harness(&main_c, model, &sig.name, dir.path()) {
        Ok(exe) => exe,
        Err(NativeError::Link { undefined: true, .. }) => return Ok(Err(NotChecked::NotInLibrary)),
        Err(e @ NativeError::Link { .. }) => {
            return Err(format!("cannot build the agreement check of {}: {e}", model.display()))
        }
        Err(e) => return Err(e.to_string()),
    };
    let run = crate::native::run_command(Command::new(&exe), &[], Duration::from_secs(20))
        .map_err(|e| format!("cannot run the agreement check: {e}"))?;
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let agreeing = lines.iter().filter(|l| **l == "1").count();
    let first_bad = lines.iter().position(|l| *l != "1").or((lines.len() < total).then_some(lines.len()));
    let weak = (agreeing as f64) < WEAK_BELOW * total as f64;
    Ok(Ok(Agreement {
        inputs: total,
        agreeing,
        compared: cmp,
        weak,
        witness: first_bad.map(|k| match io {
            Some(io) => agree_bytes::witness(io, &byte_ins[k], lines.get(k).copied()),
            None => witness(sig, &ins[k], lines.get(k).copied()),
        }),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::compile::Declaration;

    fn sig(name: &str, ret: &str, params: &[&str]) -> Signature {
        let params = params.iter().map(|t| (String::new(), t.to_string())).collect();
        Signature::new(name, Declaration { ret: ret.into(), params, variadic: false })
    }

    #[test]
    fn the_contract_says_what_agreeing_means() {
        assert_eq!(compared(&sig("strcmp", "int", &["const char *", "const char *"])), Some(Compared::Sign));
        assert_eq!(compared(&sig("strlen", "unsigned long", &["const char *"])), Some(Compared::Value));
        let strtol = sig("strtol", "long", &["const char *", "char **", "int"]);
        assert_eq!(compared(&strtol), Some(Compared::ValueAndEnd));
        assert_eq!(compared(&sig("strcpy", "char *", &["char *", "const char *"])), None);
        let read = sig("read", "ssize_t", &["int", "void *", "size_t"]);
        assert_eq!(compared(&read), Some(Compared::Bytes));
        assert_eq!(compared(&sig("memset", "void *", &["void *", "int", "size_t"])), None);
    }

    #[test]
    fn inputs_share_prefixes_and_keep_recorded_integers() {
        let s = sig("strncmp", "int", &["const char *", "const char *", "unsigned long"]);
        let calls = [Call { ints: vec![3], strs: vec![b"abc".to_vec(), b"abd".to_vec()] }];
        let ins = inputs(&s, &calls, b"abc", 40);
        assert_eq!(ins.len(), 40);
        assert!(ins.iter().all(|c| c.ints == [3] && c.strs.len() == 2));
        // Every fourth pair is equal, and some second strings are prefixes.
        assert!(ins.iter().skip(1).step_by(4).all(|c| c.strs[0] == c.strs[1]));
        assert!(ins.iter().skip(2).step_by(4).all(|c| c.strs[0].starts_with(&c.strs[1])));
        assert_eq!(c_string(b"a\"b\\?\n"), "\"a\\\"b\\\\\\077\\012\"");
    }
}
