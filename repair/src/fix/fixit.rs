//! The compiler's own suggestions as edits: clang's warnings that come
//! with a fix-it hint (`if (x = 1)` → `if (x == 1)`, `"%d"` for a `long`
//! → `"%ld"`). A construct the compiler warns about is one a developer
//! rarely means, and the fix-it is the edit the compiler would have them
//! make. Each suggestion that does more than silence the warning becomes
//! a statement edit ([`StmtEdit`], schema [`Schema::FixIt`]) that the
//! statement pass validates natively before any search.
//!
//! clang prints each fix-it (`-fdiagnostics-parseable-fixits`) after the
//! warning or note it belongs to; the fix-its of one diagnostic are one
//! edit.

use crate::cparse::{Schema, StmtEdit};
use std::ops::Range;
use std::path::Path;
use std::process::Command;

/// One diagnostic with fix-its: its message and its replacements, each a
/// 1-based `(line, column)` range (columns count bytes; the end is
/// exclusive) and the text put there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub message: String,
    pub fixes: Vec<((u32, u32), (u32, u32), String)>,
}

/// The suggestions of clang's `-fdiagnostics-parseable-fixits` output
/// (`stderr`) for the file named `file` as clang names it.
pub fn parse(stderr: &str, file: &str) -> Vec<Suggestion> {
    let mut out: Vec<Suggestion> = Vec::new();
    let mut current: Option<Suggestion> = None;
    for line in stderr.lines() {
        if let Some(rest) = line.strip_prefix("fix-it:\"") {
            let Some((name, rest)) = rest.split_once("\":{") else { continue };
            let (Some(s), Some(fix)) = (current.as_mut(), fixit(rest)) else { continue };
            if name == file {
                s.fixes.push(fix);
            }
            continue;
        }
        if let Some(message) = diagnostic(line) {
            out.extend(current.take().filter(|s| !s.fixes.is_empty()));
            current = Some(Suggestion { message, fixes: Vec::new() });
        }
    }
    out.extend(current.filter(|s| !s.fixes.is_empty()));
    out
}

/// The message of a `FILE:LINE:COL: warning|note|error: MESSAGE` line
/// (not a line of the source clang quotes under it).
fn diagnostic(line: &str) -> Option<String> {
    let at = |place: &str| {
        let mut parts = place.rsplitn(3, ':');
        let numbers = parts.next().is_some_and(|c| c.parse::<u32>().is_ok())
            && parts.next().is_some_and(|l| l.parse::<u32>().is_ok());
        numbers && parts.next().is_some_and(|f| !f.is_empty())
    };
    ["warning: ", "note: ", "error: "].iter().find_map(|k| {
        let (place, m) = line.split_once(&format!(": {k}"))?;
        at(place).then(|| format!("{k}{m}"))
    })
}

/// `L1:C1-L2:C2}:"TEXT"` of a fix-it line.
fn fixit(rest: &str) -> Option<((u32, u32), (u32, u32), String)> {
    let (range, text) = rest.split_once("}:\"")?;
    let (a, b) = range.split_once('-')?;
    let pos = |s: &str| -> Option<(u32, u32)> {
        let (l, c) = s.split_once(':')?;
        Some((l.parse().ok()?, c.parse().ok()?))
    };
    Some((pos(a)?, pos(b)?, unescape(text.strip_suffix('"')?)))
}

/// clang's escapes in a fix-it's text.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// The byte offset of a 1-based `(line, column)` in `src`.
fn offset(src: &str, (line, col): (u32, u32)) -> Option<usize> {
    let start = if line == 1 { 0 } else { src.match_indices('\n').nth(line as usize - 2).map(|(i, _)| i + 1)? };
    let at = start + col as usize - 1;
    (at <= src.len() && src.is_char_boundary(at)).then_some(at)
}

/// The lines `[start, end)` cover, whole.
fn whole_lines(src: &str, r: &Range<usize>) -> Range<usize> {
    let start = src[..r.start].rfind('\n').map_or(0, |i| i + 1);
    let end = src[r.end..].find('\n').map_or(src.len(), |i| r.end + i);
    start..end
}

/// A suggestion as one edit of `src`: the bytes from its first to its
/// last replacement, rewritten. `None` for a way to silence the warning
/// (clang's notes say so: parentheses that keep the meaning), an edit
/// that changes nothing, or positions that do not fit `src`.
pub fn to_edit(src: &str, s: &Suggestion) -> Option<StmtEdit> {
    let mut fixes: Vec<(Range<usize>, &str)> = Vec::new();
    for (a, b, text) in &s.fixes {
        let r = offset(src, *a)?..offset(src, *b)?;
        if r.start > r.end {
            return None;
        }
        fixes.push((r, text));
    }
    fixes.sort_by_key(|(r, _)| (r.start, r.end));
    if fixes.windows(2).any(|w| w[0].0.end > w[1].0.start) {
        return None;
    }
    let range = fixes.first()?.0.start..fixes.last()?.0.end;
    let mut replacement = String::new();
    let mut at = range.start;
    for (r, text) in &fixes {
        replacement.push_str(&src[at..r.start]);
        replacement.push_str(text);
        at = r.end;
    }
    replacement.push_str(&src[at..range.end]);
    if s.message.contains("to silence") || replacement == src[range.clone()] {
        return None;
    }
    let lines = whole_lines(src, &range);
    let line = src[..range.start].matches('\n').count() as u32 + 1;
    let last = line + src[range.clone()].matches('\n').count() as u32;
    let original = src[lines.clone()].trim().to_string();
    let patched = format!("{}{}{}", &src[lines.start..range.start], replacement, &src[range.end..lines.end]);
    Some(StmtEdit {
        schema: Schema::FixIt,
        stmt: lines.clone(),
        lines: line..last + 1,
        range,
        replacement,
        original,
        shown: patched.trim().to_string(),
        function: crate::cparse::function_at(src, lines.start),
    })
}

/// The fix-it edits clang suggests for the source `src` (its text `text`,
/// compiled in `dir` with `flags`). A compiler that cannot run gives none:
/// the suggestions are a help, not a step the repair needs.
pub fn edits(dir: &Path, src: &Path, text: &str, flags: &[String]) -> Vec<StmtEdit> {
    // The fix-its come with the quoted source (no `-fno-caret-diagnostics`).
    let Some(o) = warnings(dir, src, flags, "-fdiagnostics-parseable-fixits") else { return Vec::new() };
    let name = src.display().to_string();
    let mut out: Vec<StmtEdit> = Vec::new();
    for e in parse(&String::from_utf8_lossy(&o.stderr), &name).iter().filter_map(|s| to_edit(text, s)) {
        if !out.iter().any(|o| o.range == e.range && o.replacement == e.replacement) {
            out.push(e);
        }
    }
    out
}

/// The warnings that mark undefined behaviour: code whose meaning the
/// C standard leaves open, so that passing the tests under one compiler
/// says nothing of another (`x[++t] = a[t]` reads and writes `t` without
/// a sequence point; gcc and clang disagree on it).
const UNDEFINED: &[&str] = &[
    "-Wunsequenced",
    "-Warray-bounds",
    "-Wuninitialized",
    "-Wsometimes-uninitialized",
    "-Wdivision-by-zero",
    "-Wshift-count-overflow",
    "-Wshift-count-negative",
    "-Wshift-negative-value",
    "-Winteger-overflow",
    "-Wreturn-type",
    "-Wformat",
    "-Wformat-insufficient-args",
];

/// The warnings of undefined behaviour in `stderr` (clang's output):
/// each warning's flag and message. A warning is named by the flag in
/// its brackets (`[-Wunsequenced]`).
pub fn undefined_in(stderr: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in stderr.lines() {
        let Some(m) = diagnostic(line) else { continue };
        let Some(body) = m.strip_prefix("warning: ") else { continue };
        let Some((text, flag)) = body.rsplit_once(" [") else { continue };
        let flag = flag.trim_end_matches(']');
        if let Some(f) = UNDEFINED.iter().find(|f| flag == **f || flag.starts_with(&format!("{f},"))) {
            out.push((f.to_string(), text.to_string()));
        }
    }
    out
}

/// The first warning of undefined behaviour in `patched` that `original`
/// does not have as often (both from [`undefined_in`]): what a patch
/// adds, whatever lines it moved.
pub fn added(original: &[(String, String)], patched: &[(String, String)]) -> Option<String> {
    let count = |w: &[(String, String)], f: &str| w.iter().filter(|(g, _)| g == f).count();
    patched.iter().find(|(f, _)| count(patched, f) > count(original, f)).map(|(f, m)| format!("{m} [{f}]"))
}

/// The warnings of undefined behaviour clang gives for the source `src`
/// compiled in `dir` with `flags`; `None` when clang cannot run or the
/// source does not compile (then nothing is known).
pub fn undefined(dir: &Path, src: &Path, flags: &[String]) -> Option<Vec<(String, String)>> {
    start_undefined(dir, src, flags)?.finish()
}

/// [`undefined`] started and not yet waited for: clang checks while the
/// caller builds and runs the same text (dropping it ends clang).
pub struct UndefinedCheck(klee_ext::procs::Child);

/// Starts [`undefined`]'s clang run; `None` when clang cannot run.
pub fn start_undefined(dir: &Path, src: &Path, flags: &[String]) -> Option<UndefinedCheck> {
    let mut c = warnings_command(dir, src, flags, "-fno-caret-diagnostics")?;
    c.stdin(std::process::Stdio::null()).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    klee_ext::procs::spawn(&mut c).ok().map(UndefinedCheck)
}

impl UndefinedCheck {
    /// Waits for clang: the warnings, as [`undefined`] gives them.
    pub fn finish(self) -> Option<Vec<(String, String)>> {
        let o = self.0.wait_with_output().ok()?;
        o.status.success().then(|| undefined_in(&String::from_utf8_lossy(&o.stderr)))
    }
}

/// clang's `-Wall -Wextra` check of the source `src` (in `dir`, with the
/// project's `flags` and one option of the caller's): its output, or
/// `None` when clang cannot run.
fn warnings(dir: &Path, src: &Path, flags: &[String], option: &str) -> Option<std::process::Output> {
    klee_ext::procs::output(&mut warnings_command(dir, src, flags, option)?).ok()
}

/// The command of [`warnings`]; `None` when there is no clang.
fn warnings_command(dir: &Path, src: &Path, flags: &[String], option: &str) -> Option<Command> {
    let mut c = Command::new(klee_ext::compile::find_clang().ok()?);
    c.args(["-fsyntax-only", "-Wall", "-Wextra", "-fno-color-diagnostics", option])
        .args(flags)
        .arg(src)
        .current_dir(dir);
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "int main(void)\n{\n    int ok = 0;\n    if (ok=1) return 2;\n    return 0;\n}\n";

    /// What clang 16 prints for `SRC` (its form; the text is the test's).
    const STDERR: &str =
        "p.c:4:11: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]\n\
p.c:4:11: note: place parentheses around the assignment to silence this warning\n\
fix-it:\"p.c\":{4:9-4:9}:\"(\"\n\
fix-it:\"p.c\":{4:13-4:13}:\")\"\n\
p.c:4:11: note: use '==' to turn this assignment into an equality comparison\n\
fix-it:\"p.c\":{4:11-4:12}:\"==\"\n\
other.h:1:1: note: elsewhere\n\
fix-it:\"other.h\":{1:1-1:1}:\"x\"\n\
1 warning generated.\n";

    #[test]
    fn fixits_are_grouped_by_the_diagnostic_they_follow() {
        // A quoted source line is no diagnostic.
        assert_eq!(diagnostic("    puts(\"x: warning: y\");"), None);
        assert_eq!(diagnostic("/a/p.c:4:11: note: n"), Some("note: n".into()));
        let s = parse(STDERR, "p.c");
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(s[0].message.starts_with("note: place parentheses"));
        assert_eq!(s[0].fixes, [((4, 9), (4, 9), "(".to_string()), ((4, 13), (4, 13), ")".to_string())]);
        assert_eq!(s[1].fixes, [((4, 11), (4, 12), "==".to_string())]);
    }

    #[test]
    fn a_suggestion_that_silences_the_warning_is_no_edit() {
        let s = parse(STDERR, "p.c");
        assert!(to_edit(SRC, &s[0]).is_none());
        let e = to_edit(SRC, &s[1]).expect("the == edit");
        assert_eq!(e.apply(SRC), SRC.replace("ok=1", "ok==1"));
        assert_eq!((e.original.as_str(), e.shown.as_str()), ("if (ok=1) return 2;", "if (ok==1) return 2;"));
        assert_eq!((e.lines.clone(), e.function.as_str()), (4..5, "main"));
    }

    #[test]
    fn positions_outside_the_source_give_no_edit() {
        // Parentheses that change the grouping are an edit.
        let s = Suggestion {
            message: "note: place parentheses around the & expression to evaluate it first".into(),
            fixes: vec![((4, 9), (4, 9), "(".into()), ((4, 12), (4, 12), ")".into())],
        };
        assert_eq!(to_edit(SRC, &s).map(|e| e.shown), Some("if ((ok=)1) return 2;".to_string()));
        let s = Suggestion { message: "x".into(), fixes: vec![((40, 1), (40, 2), "y".into())] };
        assert!(to_edit(SRC, &s).is_none());
        let s = Suggestion { message: "x".into(), fixes: vec![((4, 12), (4, 11), "y".into())] };
        assert!(to_edit(SRC, &s).is_none());
    }

    #[test]
    fn escaped_text_is_read_back() {
        assert_eq!(unescape(r#"\"%ld\\n\""#), "\"%ld\\n\"");
        let s = parse("p.c:1:1: warning: w\nfix-it:\"p.c\":{1:1-1:3}:\"\\\"%ld\\\"\"\n", "p.c");
        assert_eq!(s[0].fixes[0].2, "\"%ld\"");
    }

    #[test]
    fn undefined_behaviour_a_patch_adds_is_named() {
        let before = "p.c:9:3: warning: unused variable 'k' [-Wunused-variable]\n\
p.c:12:5: warning: variable 'r' is uninitialized when used here [-Wuninitialized]\n";
        let after = "p.c:9:3: warning: unused variable 'k' [-Wunused-variable]\n\
p.c:14:5: warning: variable 'r' is uninitialized when used here [-Wuninitialized]\n\
p.c:19:12: warning: unsequenced modification and access to 't' [-Wunsequenced]\n";
        let (o, p) = (undefined_in(before), undefined_in(after));
        assert_eq!(o, [("-Wuninitialized".to_string(), "variable 'r' is uninitialized when used here".to_string())]);
        assert_eq!(added(&o, &p).as_deref(), Some("unsequenced modification and access to 't' [-Wunsequenced]"));
        // The same warning on a moved line is not new; one fewer is fine.
        assert_eq!(added(&p, &o), None);
        assert_eq!(added(&o, &undefined_in(before)), None);
    }

    #[test]
    fn clang_names_an_unsequenced_access_a_patch_adds() {
        let d = tempfile::tempdir().expect("a folder");
        let write = |name: &str, body: &str| {
            let f = d.path().join(name);
            let text =
                format!("int x[9], a[9];\nint main(void)\n{{\n    int t = 1;\n    {body}\n    return x[1];\n}}\n");
            std::fs::write(&f, text).expect("written");
            f
        };
        let original = undefined(d.path(), &write("o.c", "x[++t] = a[1];"), &[]).expect("clang runs");
        let patched = undefined(d.path(), &write("p.c", "x[++t] = a[t];"), &[]).expect("clang runs");
        assert!(original.is_empty(), "{original:?}");
        let w = added(&original, &patched).expect("a new warning");
        assert!(w.ends_with("[-Wunsequenced]"), "{w}");
        // A source that does not compile says nothing.
        assert_eq!(undefined(d.path(), &write("e.c", "x[++t] = ;"), &[]), None);
    }
}
