//! String-literal edits: the repair of text a program prints wrong
//! (`"fourty"` → `"forty"`, `"%d"` → `"%d\n"`, `"%lld%lld"` →
//! `"%lld %lld"`). Where the schemas of `cparse` put a second-order hole
//! into an expression, a literal's hole is filled from the specification
//! directly: a failing test's expected stdout against the stdout the
//! original prints. The difference (a character diff) is explained by an
//! alignment of a literal the failing test executed with the printed
//! text — the literal's fixed text where it appears verbatim, its
//! conversions (`%d`, `%s`, …) over what such a conversion prints — and
//! the candidate is the literal with the differences that fall inside its
//! fixed text applied. Candidates are validated natively like any term;
//! the smallest edit first.

use super::antipattern::{Rejection, Rule};
use crate::cparse;
use tree_sitter::Node;

/// A string literal in a call's arguments.
#[derive(Clone, Debug)]
pub struct Literal {
    /// Bytes of the token (quotes included) in the source.
    pub range: std::ops::Range<usize>,
    pub line: u32,
    pub function: String,
    /// Outside every function (a global table's initializer: no line of
    /// it runs).
    pub global: bool,
    /// The decoded characters, each with its spelling in the source.
    chars: Vec<(char, String)>,
    /// The literal is a `printf`-family format.
    pub format: bool,
}

impl Literal {
    pub fn token<'t>(&self, text: &'t str) -> &'t str {
        &text[self.range.clone()]
    }
}

/// The string literals of `text` (one glued to another, `"a" "b"`, and
/// those of preprocessor lines are left out).
pub fn literals(text: &str) -> Vec<Literal> {
    let Ok(tree) = cparse::parse(text) else { return Vec::new() };
    let mut out = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        if n.kind() == "string_literal" {
            if let Some(lit) = literal_at(n, text) {
                out.push(lit);
            }
            continue;
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    out.sort_by_key(|l| l.range.start);
    out
}

fn literal_at(n: Node, text: &str) -> Option<Literal> {
    let parent = n.parent()?;
    if parent.kind() == "concatenated_string" || parent.kind().starts_with("preproc") {
        return None;
    }
    let token = &text[n.byte_range()];
    let body = token.strip_prefix('"')?.strip_suffix('"')?;
    let chars = decode(body)?;
    // The format of a printf-family call: its first string argument.
    let call =
        (parent.kind() == "argument_list").then(|| parent.parent()).flatten().filter(|c| c.kind() == "call_expression");
    let format = call.is_some_and(|call| {
        let callee = call.child_by_field_name("function").map(|f| &text[f.byte_range()]).unwrap_or("");
        let mut c = parent.walk();
        let first = parent.named_children(&mut c).find(|a| a.kind() == "string_literal").map(|a| a.id());
        callee.ends_with("printf") && first == Some(n.id())
    });
    let function = cparse::function_name(n, text);
    Some(Literal {
        range: n.byte_range(),
        line: n.start_position().row as u32 + 1,
        global: function.is_empty(),
        function,
        chars,
        format,
    })
}

/// A C string literal's body as characters with their spellings; `None`
/// for an escape this module does not read (`\u…`).
fn decode(body: &str) -> Option<Vec<(char, String)>> {
    let b: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != '\\' {
            out.push((b[i], b[i].to_string()));
            i += 1;
            continue;
        }
        let e = *b.get(i + 1)?;
        let (ch, len) = match e {
            'n' => ('\n', 2),
            't' => ('\t', 2),
            'r' => ('\r', 2),
            '\\' => ('\\', 2),
            '"' => ('"', 2),
            '\'' => ('\'', 2),
            '?' => ('?', 2),
            'a' => ('\u{7}', 2),
            'b' => ('\u{8}', 2),
            'f' => ('\u{c}', 2),
            'v' => ('\u{b}', 2),
            '0'..='7' => {
                let digits: String = b[i + 1..].iter().take(3).take_while(|c| ('0'..='7').contains(c)).collect();
                (char::from_u32(u32::from_str_radix(&digits, 8).ok()?)?, 1 + digits.len())
            }
            'x' => {
                let digits: String = b[i + 2..].iter().take_while(|c| c.is_ascii_hexdigit()).collect();
                if digits.is_empty() || digits.len() > 2 {
                    return None;
                }
                (char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?, 2 + digits.len())
            }
            _ => return None,
        };
        out.push((ch, b[i..i + len].iter().collect()));
        i += len;
    }
    Some(out)
}

/// How a character is written in a new literal.
fn encode(c: char) -> String {
    match c {
        '\n' => "\\n".into(),
        '\t' => "\\t".into(),
        '\r' => "\\r".into(),
        '\\' => "\\\\".into(),
        '"' => "\\\"".into(),
        c if (c as u32) < 0x20 || c as u32 == 0x7f => format!("\\{:03o}", c as u32),
        c => c.to_string(),
    }
}

/// What a conversion prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Signed,
    Unsigned,
    Hex,
    Char,
    Str,
    Float,
    Ptr,
}

/// A literal as printed: fixed text (each output character with the index
/// of its first decoded character) and conversions (their decoded span).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(Vec<(char, usize)>),
    Conv { class: Class, span: std::ops::Range<usize> },
}

/// The pieces of a literal; `None` for a conversion this module does not
/// model (`%n`, `%[`).
fn pieces(cs: &[char], format: bool) -> Option<Vec<Piece>> {
    if !format {
        return Some(vec![Piece::Text(cs.iter().copied().zip(0..).collect())]);
    }
    let mut out = Vec::new();
    let mut text: Vec<(char, usize)> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if cs[i] != '%' {
            text.push((cs[i], i));
            i += 1;
            continue;
        }
        if cs.get(i + 1) == Some(&'%') {
            text.push(('%', i));
            i += 2;
            continue;
        }
        let mut j = i + 1;
        while j < cs.len() && "-+ #0123456789.*'lhLqjzt".contains(cs[j]) {
            j += 1;
        }
        let class = match cs.get(j)? {
            'd' | 'i' => Class::Signed,
            'u' => Class::Unsigned,
            'x' | 'X' | 'o' => Class::Hex,
            'c' => Class::Char,
            's' => Class::Str,
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => Class::Float,
            'p' => Class::Ptr,
            _ => return None,
        };
        out.push(Piece::Text(std::mem::take(&mut text)));
        out.push(Piece::Conv { class, span: i..j + 1 });
        i = j + 1;
    }
    out.push(Piece::Text(text));
    Some(out)
}

/// The lengths a conversion of `class` may have printed at `out[at..]`.
fn conv_lengths(class: Class, out: &[char], at: usize) -> Vec<usize> {
    let rest = &out[at.min(out.len())..];
    let pad = rest.iter().take_while(|c| **c == ' ').count();
    let run = |from: usize, ok: &dyn Fn(char) -> bool| rest[from..].iter().take_while(|c| ok(**c)).count();
    match class {
        Class::Signed => {
            let sign = usize::from(rest.get(pad) == Some(&'-'));
            (1..=run(pad + sign, &|c| c.is_ascii_digit())).map(|n| pad + sign + n).collect()
        }
        Class::Unsigned => (1..=run(pad, &|c| c.is_ascii_digit())).map(|n| pad + n).collect(),
        Class::Hex => (1..=run(pad, &|c| c.is_ascii_hexdigit())).map(|n| pad + n).collect(),
        Class::Float => (1..=run(pad, &|c| c.is_ascii_digit() || "-+.eEinfa".contains(c))).map(|n| pad + n).collect(),
        Class::Char => (!rest.is_empty()).then_some(1).into_iter().collect(),
        Class::Str => (0..=rest.len().min(MAX_STR)).collect(),
        Class::Ptr => {
            if rest.starts_with(&['(', 'n', 'i', 'l', ')']) {
                vec![5]
            } else if rest.starts_with(&['0', 'x']) {
                (1..=run(2, &|c| c.is_ascii_hexdigit())).map(|n| 2 + n).collect()
            } else {
                Vec::new()
            }
        }
    }
}

/// What a `%s` is taken to print at most.
const MAX_STR: usize = 120;
/// Alignments of one literal at one place, and the steps of finding them.
const MAX_ALIGNMENTS: usize = 16;
const MAX_ALIGN_STEPS: usize = 4000;

/// The ways `pieces` print `out` from `start`: per piece its span.
fn alignments(pieces: &[Piece], out: &[char], start: usize) -> Vec<Vec<(usize, usize)>> {
    fn go(
        pieces: &[Piece], out: &[char], at: usize, spans: &mut Vec<(usize, usize)>,
        found: &mut Vec<Vec<(usize, usize)>>, steps: &mut usize,
    ) {
        *steps += 1;
        if found.len() >= MAX_ALIGNMENTS || *steps > MAX_ALIGN_STEPS {
            return;
        }
        let Some(p) = pieces.first() else {
            found.push(spans.clone());
            return;
        };
        match p {
            Piece::Text(t) => {
                let fits = at + t.len() <= out.len() && t.iter().zip(&out[at..]).all(|((c, _), o)| c == o);
                if fits {
                    spans.push((at, at + t.len()));
                    go(&pieces[1..], out, at + t.len(), spans, found, steps);
                    spans.pop();
                }
            }
            Piece::Conv { class, .. } => {
                for n in conv_lengths(*class, out, at) {
                    spans.push((at, at + n));
                    go(&pieces[1..], out, at + n, spans, found, steps);
                    spans.pop();
                }
            }
        }
    }
    let mut found = Vec::new();
    go(pieces, out, start, &mut Vec::new(), &mut found, &mut 0);
    found
}

/// One difference between the printed and the expected output: the
/// printed characters `from..to` become `by`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    pub from: usize,
    pub to: usize,
    pub by: Vec<char>,
}

/// Printed text longer than this (after the common prefix and suffix) is
/// not diffed: the literal edits look at the first differences only.
const MAX_DIFF_CHARS: usize = 6000;
/// Differences of one test considered.
const MAX_HUNKS: usize = 24;

/// The differences between `printed` and `expected`, by characters.
pub fn hunks(printed: &[char], expected: &[char]) -> Vec<Hunk> {
    let pre = printed.iter().zip(expected).take_while(|(a, b)| a == b).count();
    let suf = printed[pre..].iter().rev().zip(expected[pre..].iter().rev()).take_while(|(a, b)| a == b).count();
    let a = &printed[pre..(printed.len() - suf).min(pre + MAX_DIFF_CHARS)];
    let b = &expected[pre..(expected.len() - suf).min(pre + MAX_DIFF_CHARS)];
    let mut out = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, a, b) {
        let (o, n) = (op.old_range(), op.new_range());
        if op.tag() == similar::DiffTag::Equal {
            continue;
        }
        let by = b[n].to_vec();
        // Neighbouring changes are one hunk.
        match out.last_mut() {
            Some(Hunk { to, by: last, .. }) if *to == pre + o.start => {
                *to = pre + o.end;
                last.extend(by);
            }
            _ => out.push(Hunk { from: pre + o.start, to: pre + o.end, by }),
        }
        if out.len() > MAX_HUNKS {
            break;
        }
    }
    out.truncate(MAX_HUNKS);
    out
}

/// A candidate literal: the new token and how many characters changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// Index of the literal among the source's.
    pub literal: usize,
    pub token: String,
    pub size: usize,
}

/// How far before a difference a literal's printed text may start.
const WINDOW: usize = 200;

/// The edits of `lits` (those a failing test executed) that explain the
/// differences `hs` between `printed` and the expected output.
pub fn explain(lits: &[(usize, &Literal)], printed: &[char], hs: &[Hunk]) -> Vec<Edit> {
    let mut out: Vec<Edit> = Vec::new();
    for (k, lit) in lits {
        let cs: Vec<char> = lit.chars.iter().map(|(c, _)| *c).collect();
        let Some(ps) = pieces(&cs, lit.format) else { continue };
        for h in hs {
            for start in h.from.saturating_sub(WINDOW)..=h.from.min(printed.len()) {
                for spans in alignments(&ps, printed, start) {
                    let end = spans.last().map_or(start, |s| s.1);
                    if !(start <= h.from && h.to <= end) || (start == end) {
                        continue;
                    }
                    for e in edits_of(lit, &ps, &spans, h, hs, printed) {
                        if !out.iter().any(|o| o.literal == *k && o.token == e.0) {
                            out.push(Edit { literal: *k, token: e.0, size: e.1 });
                        }
                    }
                }
            }
        }
    }
    out.sort_by_key(|e| e.size);
    out
}

/// The literals one alignment gives for the difference `h`: the fixed
/// text edited by every difference inside it, or, for a difference inside
/// what a conversion printed, that conversion with another length or
/// signedness.
fn edits_of(
    lit: &Literal, ps: &[Piece], spans: &[(usize, usize)], h: &Hunk, hs: &[Hunk], printed: &[char],
) -> Vec<(String, usize)> {
    let (start, end) = (spans[0].0, spans.last().map_or(0, |s| s.1));
    // Decoded index → replacement, from every difference inside the
    // alignment's fixed text (the trigger may also touch its ends).
    let mut changes: Vec<(std::ops::Range<usize>, Vec<char>)> = Vec::new();
    for x in hs {
        // Another difference counts when it lies inside; an insertion at
        // either end may belong to the neighbouring output instead.
        let at_end = x.from == x.to && (x.from == start || x.from == end);
        let inside = start <= x.from && x.to <= end && (x == h || !at_end);
        if !inside {
            continue;
        }
        let text = ps.iter().zip(spans).enumerate().find_map(|(i, (p, &(s, e)))| match p {
            Piece::Text(t) if s <= x.from && x.to <= e => Some((i, t, s)),
            _ => None,
        });
        let Some((i, t, s)) = text else {
            if x == h {
                return conv_swaps(lit, ps, spans, h, printed);
            }
            continue;
        };
        // An empty fixed text sits right after the conversion before it.
        let after = match i.checked_sub(1).map(|j| &ps[j]) {
            Some(Piece::Conv { span, .. }) => span.end,
            _ => 0,
        };
        let idx = |o: usize| t.get(o - s).map_or_else(|| t.last().map_or(after, |l| l.1 + 1), |c| c.1);
        let by: Vec<char> =
            x.by.iter().flat_map(|&c| if lit.format && c == '%' { vec!['%', '%'] } else { vec![c] }).collect();
        changes.push((idx(x.from)..idx(x.to), by));
    }
    if changes.is_empty() {
        return Vec::new();
    }
    changes.sort_by_key(|c| std::cmp::Reverse(c.0.start));
    let mut new: Vec<(char, Option<String>)> = lit.chars.iter().map(|(c, sp)| (*c, Some(sp.clone()))).collect();
    let mut size = 0;
    for (r, by) in changes {
        if r.start > r.end || r.end > new.len() {
            return Vec::new();
        }
        size += (r.end - r.start).max(by.len());
        new.splice(r, by.into_iter().map(|c| (c, None)));
    }
    vec![(token_of(&new), size)]
}

/// The conversions an integer conversion may have been meant as.
const INT_CONVS: [&str; 6] = ["%d", "%u", "%ld", "%lu", "%lld", "%llu"];

/// A conversion that printed the wrong sign or width (`%u` of `-1`,
/// `%d` of a 64-bit value): the other integer conversions, when the
/// difference is one of sign or of a number's size.
fn conv_swaps(
    lit: &Literal, ps: &[Piece], spans: &[(usize, usize)], h: &Hunk, printed: &[char],
) -> Vec<(String, usize)> {
    let Some((span, (s, e))) = ps.iter().zip(spans).find_map(|(p, &(s, e))| match p {
        Piece::Conv { class: Class::Signed | Class::Unsigned, span } if s <= h.from && h.to <= e => {
            Some((span.clone(), (s, e)))
        }
        _ => None,
    }) else {
        return Vec::new();
    };
    let shown = &printed[s..e];
    let digits = shown.iter().filter(|c| c.is_ascii_digit()).count();
    if !(h.by.contains(&'-') || shown.contains(&'-') || digits >= 10 || h.by.len() >= 10) {
        return Vec::new();
    }
    let old: String = lit.chars[span.clone()].iter().map(|c| c.0).collect();
    INT_CONVS
        .iter()
        .filter(|c| **c != old)
        .map(|c| {
            let mut new: Vec<(char, Option<String>)> = lit.chars.iter().map(|(c, sp)| (*c, Some(sp.clone()))).collect();
            new.splice(span.clone(), c.chars().map(|ch| (ch, None)));
            (token_of(&new), c.len().max(old.len()))
        })
        .collect()
}

fn token_of(chars: &[(char, Option<String>)]) -> String {
    let body: String = chars.iter().map(|(c, sp)| sp.clone().unwrap_or_else(|| encode(*c))).collect();
    format!("\"{body}\"")
}

/// The literal rules: a new literal that keeps less than half of the old
/// one's text (a rewrite, not a fix: `"YES"` → `"NO"`), or that adds
/// digits to its fixed text (a test's value printed as text).
pub fn check(old: &str, new: &str, format: bool) -> Option<Rejection> {
    // What the literal prints verbatim: its conversions are not fixed text.
    let fixed = |t: &str| -> Vec<char> {
        let chars: Vec<char> = t
            .strip_prefix('"')
            .and_then(|b| b.strip_suffix('"'))
            .and_then(decode)
            .unwrap_or_default()
            .into_iter()
            .map(|c| c.0)
            .collect();
        match pieces(&chars, format) {
            Some(ps) => ps
                .into_iter()
                .flat_map(|p| match p {
                    Piece::Text(t) => t.into_iter().map(|c| c.0).collect(),
                    Piece::Conv { .. } => Vec::new(),
                })
                .collect(),
            None => chars,
        }
    };
    let (a, b) = (fixed(old), fixed(new));
    let digits = |v: &[char]| v.iter().filter(|c| c.is_ascii_digit()).count();
    if digits(&b) > digits(&a) {
        return Some(Rejection { rule: Rule::LiteralTestValue, why: "it adds digits to the literal's text".into() });
    }
    let common = similar::capture_diff_slices(similar::Algorithm::Myers, &a, &b)
        .iter()
        .filter(|op| op.tag() == similar::DiffTag::Equal)
        .map(|op| op.old_range().len())
        .sum::<usize>();
    if a.len() >= 2 && 2 * common < a.len() {
        return Some(Rejection {
            rule: Rule::LiteralRewritten,
            why: format!("it keeps {common} of the literal's {} characters", a.len()),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(src: &str) -> (String, Vec<Literal>) {
        let text = format!("int main(void) {{ {src} return 0; }}");
        let l = literals(&text);
        (text, l)
    }

    fn fix(src: &str, printed: &str, expected: &str) -> Vec<String> {
        let (_, lits) = one(src);
        let p: Vec<char> = printed.chars().collect();
        let e: Vec<char> = expected.chars().collect();
        let hs = hunks(&p, &e);
        let refs: Vec<(usize, &Literal)> = lits.iter().enumerate().collect();
        explain(&refs, &p, &hs).into_iter().map(|e| e.token).collect()
    }

    #[test]
    fn a_misspelt_word_is_corrected_where_it_is_printed() {
        let got = fix(r#"printf("%d is fourty\n", n);"#, "40 is fourty\n", "40 is forty\n");
        assert_eq!(got.first().map(String::as_str), Some(r#""%d is forty\n""#));
    }

    #[test]
    fn a_missing_separator_goes_between_the_conversions() {
        let got = fix(r#"printf("%lld%lld", a, b);"#, "1234", "12 34");
        assert!(got.contains(&r#""%lld %lld""#.to_string()), "{got:?}");
        let got = fix(r#"printf("%d", a);"#, "5", "5\n");
        assert_eq!(got.first().map(String::as_str), Some(r#""%d\n""#));
    }

    #[test]
    fn a_conversion_that_printed_the_wrong_sign_is_swapped() {
        let got = fix(r#"printf("%u%c", v, c);"#, "4294967295\n", "-1\n");
        assert!(got.contains(&r#""%d%c""#.to_string()), "{got:?}");
    }

    #[test]
    fn escapes_and_percent_signs_keep_their_spelling() {
        let got = fix(r#"printf("\t100%% sure: %s\n", w);"#, "\t100% sure: yes\n", "\t100% Sure: yes\n");
        assert_eq!(got.first().map(String::as_str), Some(r#""\t100%% Sure: %s\n""#));
    }

    #[test]
    fn differences_in_what_a_conversion_printed_give_no_text_edit() {
        assert!(fix(r#"printf("total %d\n", t);"#, "total 5\n", "total 6\n").is_empty());
    }

    #[test]
    fn rewrites_and_test_values_are_rejected() {
        assert_eq!(check(r#""YES""#, r#""NO""#, false).map(|r| r.rule), Some(Rule::LiteralRewritten));
        assert_eq!(check(r#""%d""#, r#""%d 7""#, true).map(|r| r.rule), Some(Rule::LiteralTestValue));
        assert_eq!(check(r#""fourty""#, r#""forty""#, false), None);
        assert_eq!(check(r#""ba""#, r#""ab""#, false), None);
        assert_eq!(check(r#""%d""#, r#""%d\n""#, true), None);
        // The conversion's own characters are no fixed text: `%lld` to
        // `%d` adds no digit and rewrites nothing.
        assert_eq!(check(r#""%lld""#, r#""%d""#, true), None);
    }
}
