//! The choice among the patches that pass every test, by what they do.
//!
//! The validated patches of every pass form one pool. Each runs natively
//! on inputs near the tests (`behaviour.rs`); patches that print and exit
//! alike on all of them are one *behaviour*. The behaviours are ordered
//! by four principles, each a function here:
//!
//! 1. **The original is right wherever the tests do not say otherwise**
//!    ([`departure`]): the fewer inputs near the passing tests on which a
//!    behaviour departs from the original program, the better; inputs
//!    near a failing test (made from one, or with a number next to a
//!    value only the failing tests hold) do not count, since there the
//!    change may be what the tests ask for.
//! 2. **A case split is the last resort** ([`case_split`]): a patch that
//!    adds a conditional with a constant arm, a comparison with a
//!    constant where the original compared values, or switches a
//!    statement off singles out the tests' values; at equal departure it
//!    comes after every other behaviour.
//! 3. **A behaviour several edits reach is likelier** ([`support`]) than
//!    one only a single contrived edit reaches.
//! 4. **Of edits equally small, the one that reads no new name**
//!    ([`new_names`]): a patch that reads only what the original reads
//!    (`e > 1` for `e > 0`, `fts->fts_dev != 0 && …` for
//!    `fts->fts_options & FTS_XDEV && …`) comes before one that brings in
//!    another variable the tests cannot tell apart (`e > c`,
//!    `excluded != 0 && …`): it shows a behaviour among its patches of one
//!    distance, and orders behaviours the first three leave tied.
//!
//! The departure and the edit distance are weighed together as the
//! behaviour's [`change`] (two per input of departure, one per edit): a
//! one-edit patch that departs on one input beats a five-edit one that
//! departs on none. Then the closest edit and the plainer constants. The
//! behaviours after the first are what the tests leave open: each is
//! reported with an input on which it and the chosen one differ.
//!
//! A condition made false counts as a statement switched off, as
//! `if (0) s;` does; a condition made true does not: it keeps the
//! branch the tests run, and real fixes make it (a flag's test that
//! should always hold).
//!
//! The order of the first two was measured: with case splits first, the
//! choice lost three correct edge-case guards of the wide development set
//! (`i < n && n != 1` behind a wrong index `p[i + 1]` that departs more);
//! the anti-patterns `test-value` and `test-value-case` already reject the
//! case splits on a test's own values before validation.

use super::behaviour::{End, Near, Observed};
use super::patch::Patch;
use crate::cparse::Schema;

/// How much an input near a failing test weighs in a departure, against
/// 1 for an input near the passing tests only: nothing, since near a
/// failing test the tests say the original is wrong (`s < 0` and `s < -1`
/// for a failing `-5` differ at `-1`, and neither is the more faithful).
pub const NEAR_FAILING_WEIGHT: f64 = 0.0;

/// The kinds of case split (principle 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseSplit {
    /// A new conditional expression with a constant arm
    /// (`n == 1 ? 500 : f(a)`).
    ConstantArm,
    /// More comparisons with a constant than the original has
    /// (`m3 > m2` → `m3 > 0`, `s < n` → `s < n && s < 17`).
    ConstantComparison,
    /// A statement that no longer runs (`if (0) s;`, `s;` deleted, a
    /// condition made false).
    SwitchedOff,
}

impl CaseSplit {
    pub fn describe(self) -> &'static str {
        match self {
            CaseSplit::ConstantArm => "a conditional with a constant arm",
            CaseSplit::ConstantComparison => "a comparison with a constant the original does not make",
            CaseSplit::SwitchedOff => "a statement or branch switched off",
        }
    }
}

/// C tokens, as far as the principles need them: identifiers, numbers,
/// character literals, operators (longest first) and brackets; string
/// literals are one token each.
fn tokens(s: &str) -> Vec<&str> {
    const OPS: [&str; 14] = ["<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "->", "++", "--", "::"];
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.' && c.is_ascii_digit()) {
                i += 1;
            }
        } else if c == b'\'' || c == b'"' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if let Some(op) = OPS.iter().find(|op| s[i..].starts_with(*op)) {
            i += op.len();
        } else {
            i += s[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(&s[start..i]);
    }
    out
}

/// Whether a token is a constant: a number, a character literal, or a
/// macro or enumerator name in capitals (`MAX`, `N_1`).
fn is_constant(t: &str) -> bool {
    let first = t.as_bytes()[0];
    first.is_ascii_digit()
        || first == b'\''
        || (first.is_ascii_uppercase()
            && t.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_')
            && t.len() > 1)
}

const COMPARISONS: [&str; 6] = ["==", "!=", "<", ">", "<=", ">="];

/// Operators that bind tighter than a comparison.
const BINDS_TIGHTER: [&str; 9] = ["+", "-", "*", "/", "%", "<<", ">>", ".", "->"];

/// Whether a token after an operand continues it (a tighter operator, a
/// call or an index).
fn continues(t: Option<&&str>) -> bool {
    t.is_some_and(|t| BINDS_TIGHTER.contains(t) || *t == "(" || *t == "[")
}

/// Whether a token ends an operand (so a `-` after it is binary).
fn ends_operand(t: &str) -> bool {
    t == ")"
        || t == "]"
        || t.as_bytes()[0].is_ascii_alphanumeric()
        || t.as_bytes()[0] == b'_'
        || t.as_bytes()[0] == b'\''
}

/// How many comparisons in `s` have a constant on one side (`x < 3`,
/// `s - 1 != 0`, `-1 == r`).
pub fn constant_comparisons(s: &str) -> usize {
    let t = tokens(s);
    let mut n = 0;
    for (i, tok) in t.iter().enumerate() {
        if !COMPARISONS.contains(tok) {
            continue;
        }
        // The right operand: `[-] CONST` not continued by an operator.
        let mut r = i + 1;
        if t.get(r) == Some(&"-") {
            r += 1;
        }
        let right = t.get(r).is_some_and(|x| is_constant(x)) && !continues(t.get(r + 1));
        // The left operand: `CONST` (or `-CONST`) not preceded by one.
        let left = i >= 1 && is_constant(t[i - 1]) && {
            // The token before the constant, past a unary minus.
            let mut k = i.checked_sub(2);
            if k.is_some_and(|k| t[k] == "-" && (k == 0 || !ends_operand(t[k - 1]))) {
                k = k.and_then(|k| k.checked_sub(1));
            }
            !k.is_some_and(|k| ends_operand(t[k]) || BINDS_TIGHTER.contains(&t[k]))
        };
        n += usize::from(right || left);
    }
    n
}

/// How many conditional expressions in `s` have an arm that is one
/// constant (`c ? 1 : x`, `c ? x : -50`).
pub fn constant_arms(s: &str) -> usize {
    let t = tokens(s);
    let arm = |from: usize, stops: &[&str]| -> bool {
        // The tokens up to a stop at depth 0.
        let mut depth = 0i32;
        let mut k = from;
        let mut len = 0;
        while k < t.len() {
            match t[k] {
                "(" | "[" => depth += 1,
                ")" | "]" if depth == 0 => break,
                ")" | "]" => depth -= 1,
                x if depth == 0 && stops.contains(&x) => break,
                _ => {}
            }
            k += 1;
            len += 1;
        }
        let one = &t[from..from + len];
        matches!(one, [c] if is_constant(c)) || matches!(one, ["-", c] if is_constant(c))
    };
    let mut n = 0;
    for (i, tok) in t.iter().enumerate() {
        if *tok != "?" {
            continue;
        }
        // The first arm ends at its `:`; the second at `)`, `,` or `;`.
        let mut depth = 0i32;
        let mut colon = None;
        for (k, x) in t.iter().enumerate().skip(i + 1) {
            match *x {
                "(" | "[" | "?" => depth += 1,
                ")" | "]" => depth -= 1,
                ":" if depth == 0 => {
                    colon = Some(k);
                    break;
                }
                ":" => depth -= 1,
                _ => {}
            }
        }
        let first = arm(i + 1, &[":"]);
        let second = colon.is_some_and(|c| arm(c + 1, &[",", ";", ":", "?"]));
        n += usize::from(first || second);
    }
    n
}

/// The conditions that are false whatever the state, as tokens.
const FALSE: [&[&str]; 4] = [&["0"], &["false"], &["0", "!=", "0"], &["!", "1"]];

/// The tokens of the condition of the `if (…)` that `t` starts with.
fn if_condition<'a>(t: &'a [&'a str]) -> Option<&'a [&'a str]> {
    let ["if", "(", rest @ ..] = t else { return None };
    let mut depth = 0usize;
    for (i, tok) in rest.iter().enumerate() {
        match *tok {
            "(" => depth += 1,
            ")" if depth == 0 => return Some(&rest[..i]),
            ")" => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Principle 2: whether a patch (at a site of `schema`, `original` →
/// `replacement` as the source shows them) is a case split.
pub fn case_split(schema: Schema, original: &str, replacement: &str) -> Option<CaseSplit> {
    if schema == Schema::Delete {
        return Some(CaseSplit::SwitchedOff);
    }
    // The compiler's fix-it reads the code as its developer meant it
    // (`if (n = 1)` → `if (n == 1)`): no case the original did not make.
    if schema == Schema::FixIt {
        return None;
    }
    // `if (0) s;`, and a condition made false (`if (0)`, `while (0)`):
    // either way what the condition guarded no longer runs.
    let is_false = |t: &[&str]| FALSE.contains(&t);
    let off = match schema {
        Schema::Guard => if_condition(&tokens(replacement)).is_some_and(is_false),
        Schema::Condition => is_false(&tokens(replacement)) && !is_false(&tokens(original)),
        _ => false,
    };
    if off {
        return Some(CaseSplit::SwitchedOff);
    }
    if constant_arms(replacement) > constant_arms(original) {
        return Some(CaseSplit::ConstantArm);
    }
    if constant_comparisons(replacement) > constant_comparisons(original) {
        return Some(CaseSplit::ConstantComparison);
    }
    None
}

/// The case split a patch of the pool makes, if any.
pub fn case_split_of(pt: &Patch) -> Option<CaseSplit> {
    case_split(pt.schema, &pt.original, &pt.replacement)
}

/// An input's weight in a departure: 1 near a passing test,
/// [`NEAR_FAILING_WEIGHT`] near a failing one or found by the VM.
pub fn weight(n: &Near) -> f64 {
    if n.near_failing || n.found {
        NEAR_FAILING_WEIGHT
    } else {
        1.0
    }
}

/// Principle 1: the weighted count of inputs on which `patched` departs
/// from `original` (same length as `weights`); an input either was not
/// run on (it had timed out before) does not count.
pub fn departure(original: &[Observed], patched: &[Observed], weights: &[f64]) -> f64 {
    let known = |o: &Observed| o.end != End::NotRun;
    original
        .iter()
        .zip(patched)
        .zip(weights)
        .filter(|((a, b), _)| a != b && known(a) && known(b))
        .fold(0.0, |sum, (_, w)| sum + w)
}

/// Principle 3: how many different edits reach a behaviour — its
/// members' distinct replacements (the same edit at two sites counts
/// once).
pub fn support(members: &[&Patch]) -> usize {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for pt in members {
        let key = (pt.original.as_str(), pt.replacement.as_str());
        if !seen.contains(&key) {
            seen.push(key);
        }
    }
    seen.len()
}

/// Principle 4: how many names (variables, fields, functions; not
/// constants or macros in capitals) `replacement` reads that `original`
/// does not.
pub fn new_names(original: &str, replacement: &str) -> usize {
    let is_name = |t: &&str| {
        let first = t.as_bytes()[0];
        (first.is_ascii_alphabetic() || first == b'_') && !is_constant(t) && !KEYWORDS.contains(t)
    };
    let before: Vec<&str> = tokens(original).into_iter().filter(is_name).collect();
    let mut added: Vec<&str> = tokens(replacement).into_iter().filter(|t| is_name(t) && !before.contains(t)).collect();
    added.sort_unstable();
    added.dedup();
    added.len()
}

/// Words of C that read no value.
const KEYWORDS: [&str; 6] = ["sizeof", "if", "else", "return", "goto", "break"];

/// How much a behaviour changes the program, in what it does and in its
/// text: [`DEPARTURE_WEIGHT`] per input of departure, one per edit of its
/// closest patch (minimal change, measured both ways).
pub fn change(departure: f64, distance: u32) -> f64 {
    DEPARTURE_WEIGHT * departure + f64::from(distance)
}

/// What one input of departure weighs against one edit of the source.
pub const DEPARTURE_WEIGHT: f64 = 2.0;

/// The patches' indices grouped by equal observations, groups in the
/// order of their first member.
pub fn group(observations: &[Vec<Observed>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, o) in observations.iter().enumerate() {
        match groups.iter_mut().find(|g| observations[g[0]] == *o) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

/// One behaviour of the pool and what the principles say of it.
#[derive(Clone, Debug)]
pub struct Behaviour {
    /// Indices of its patches in the pool, the best first.
    pub members: Vec<usize>,
    /// Whether every member is a case split (then the first member's kind).
    pub case_split: Option<CaseSplit>,
    pub departure: f64,
    /// The least edit distance of a member: how small an edit reaches
    /// the behaviour (its first member may be a larger edit that is not
    /// a case split).
    pub distance: u32,
    pub support: usize,
}

impl Behaviour {
    /// The ordering key: the least change (the departure and the least
    /// edit that reaches it, [`change`]), then case splits last, the
    /// most support, and the best member's distance, new names,
    /// objective and constants.
    fn key(&self, pool: &[Patch]) -> (u64, bool, std::cmp::Reverse<usize>, (u32, usize, u32, u64)) {
        let best = &pool[self.members[0]];
        (
            (change(self.departure, self.distance) * 1000.0).round() as u64,
            self.case_split.is_some(),
            std::cmp::Reverse(self.support),
            (best.distance, new_names(&best.original, &best.replacement), best.objective, best.plain),
        )
    }
}

/// The pool's behaviours in the order of the principles: `observations`
/// per patch (same inputs as `original`), `weights` per input.
pub fn order(pool: &[Patch], original: &[Observed], observations: &[Vec<Observed>], weights: &[f64]) -> Vec<Behaviour> {
    rank(pool, group(observations), |i| departure(original, &observations[i], weights))
}

/// Without observations (no input near the tests, or the runs cut by the
/// time limit): each patch its own behaviour, by distance, case splits
/// after the others at equal distance.
pub fn order_unobserved(pool: &[Patch]) -> Vec<Behaviour> {
    rank(pool, (0..pool.len()).map(|i| vec![i]).collect(), |_| 0.0)
}

/// `groups` of the pool's patches as behaviours, in the order of the
/// principles; `departure` of a group's first member.
fn rank(pool: &[Patch], groups: Vec<Vec<usize>>, departure: impl Fn(usize) -> f64) -> Vec<Behaviour> {
    let mut out: Vec<Behaviour> = groups
        .into_iter()
        .map(|mut members| {
            // Patches that behave alike: a case split last (the principle
            // that orders behaviours holds among the edits that reach one),
            // then the closest, then the one that reads fewer new names,
            // then one on variables before one on a value a call computes,
            // then the first found (at the more suspicious site).
            members.sort_by_cached_key(|&i| {
                let pt = &pool[i];
                (case_split_of(pt).is_some(), pt.distance, new_names(&pt.original, &pt.replacement), pt.whole_value)
            });
            // Case splits sort last: the first member is one only if all are.
            let case_split = case_split_of(&pool[members[0]]);
            let refs: Vec<&Patch> = members.iter().map(|&i| &pool[i]).collect();
            let distance = refs.iter().map(|p| p.distance).min().unwrap_or(0);
            Behaviour { case_split, departure: departure(members[0]), distance, support: support(&refs), members }
        })
        .collect();
    out.sort_by_cached_key(|b| b.key(pool));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_with_a_constant_are_counted() {
        assert_eq!(constant_comparisons("m3 > m2"), 0);
        assert_eq!(constant_comparisons("m3 > 0"), 1);
        assert_eq!(constant_comparisons("x != s - 1"), 0);
        assert_eq!(constant_comparisons("s - 1 != 0"), 1);
        assert_eq!(constant_comparisons("s < n && s < 17"), 1);
        assert_eq!(constant_comparisons("-1 == r || c == 'a'"), 2);
        assert_eq!(constant_comparisons("x < MAX"), 1);
        assert_eq!(constant_comparisons("0 + x < y"), 0, "an operand that goes on");
        assert_eq!(constant_comparisons("f(3) < y"), 0);
        assert_eq!(constant_comparisons("n % 2 == 0"), 1);
    }

    #[test]
    fn conditionals_with_a_constant_arm_are_counted() {
        assert_eq!(constant_arms("cnt < i ? 1 : 50"), 1);
        assert_eq!(constant_arms("n == 1 ? 500 : f(a)"), 1);
        assert_eq!(constant_arms("a < b ? b - a : e"), 0);
        assert_eq!(constant_arms("f(a < b ? x : -1, 2)"), 1);
        assert_eq!(constant_arms("a"), 0);
    }

    #[test]
    fn the_case_splits_of_each_kind() {
        assert_eq!(case_split(Schema::Assignment, "1", "cnt < i ? 1 : 50"), Some(CaseSplit::ConstantArm));
        assert_eq!(case_split(Schema::Condition, "m3 > m2", "m3 > 0"), Some(CaseSplit::ConstantComparison));
        assert_eq!(case_split(Schema::Guard, "res = 1;", "if (0) res = 1;"), Some(CaseSplit::SwitchedOff));
        assert_eq!(case_split(Schema::Delete, "res = 1;", ""), Some(CaseSplit::SwitchedOff));
        assert_eq!(case_split(Schema::FixIt, "if (n = 1) s = 2;", "if (n == 1) s = 2;"), None);
        assert_eq!(case_split(Schema::Condition, "d != 0 && seen(d)", "0"), Some(CaseSplit::SwitchedOff));
        // A condition made true is not counted (the module's notes); a
        // returned `false` is no condition.
        assert_eq!(case_split(Schema::Condition, "d != 0 && seen(d)", "1"), None);
        assert_eq!(case_split(Schema::Return, "true", "false"), None);
        // Not case splits: another operator, another variable, a
        // comparison with a constant the original made already.
        assert_eq!(case_split(Schema::Condition, "c < a && c < b", "c <= a && c <= b"), None);
        assert_eq!(case_split(Schema::Condition, "x > lo", "x > mid"), None);
        assert_eq!(case_split(Schema::Condition, "n < 0", "n <= 0"), None);
        assert_eq!(case_split(Schema::Guard, "res = 1;", "if (x < y) res = 1;"), None);
    }

    fn obs(s: &str) -> Observed {
        Observed { stdout: s.as_bytes().to_vec(), end: End::Exit(0) }
    }

    fn patch(original: &str, replacement: &str, distance: u32) -> Patch {
        Patch {
            file: "p.c".into(),
            line: 1,
            function: "main".into(),
            schema: Schema::Condition,
            original: original.into(),
            replacement: replacement.into(),
            distance,
            objective: distance,
            whole_value: false,
            plain: 0,
            diff: String::new(),
            patched_source: String::new(),
            source: 0,
            also: Vec::new(),
            term: None,
        }
    }

    #[test]
    fn departure_does_not_count_inputs_near_failing_tests() {
        let orig = [obs("1"), obs("2"), obs("3")];
        let w = [1.0, 1.0, NEAR_FAILING_WEIGHT];
        assert_eq!(departure(&orig, &orig, &w), 0.0);
        assert_eq!(departure(&orig, &[obs("1"), obs("9"), obs("3")], &w), 1.0);
        assert_eq!(departure(&orig, &[obs("1"), obs("2"), obs("9")], &w), 0.0);
        // Not run on (it timed out before): unknown, not a departure.
        let not_run = Observed { stdout: Vec::new(), end: End::NotRun };
        assert_eq!(departure(&orig, &[obs("1"), not_run.clone(), obs("3")], &[1.0; 3]), 0.0);
        assert_eq!(departure(&orig, &[not_run.clone(), obs("9"), obs("3")], &[1.0; 3]), 1.0);
    }

    #[test]
    fn support_counts_distinct_edits() {
        let (a, b, c) =
            (patch("x > lo", "x >= lo", 1), patch("x > lo", "x + 1 > lo", 2), patch("x > lo", "x >= lo", 1));
        assert_eq!(support(&[&a, &b, &c]), 2);
    }

    #[test]
    fn behaviours_are_ordered_by_the_principles() {
        let orig = vec![obs("a"), obs("b"), obs("c")];
        let w = vec![1.0; 3];
        // 0: a case split, one departure; 1 and 2: the same behaviour,
        // one departure; 3: two departures, closer; 4: a case split that
        // departs nowhere.
        let pool = vec![
            patch("m3 > m2", "m3 > 0", 1),
            patch("x > lo", "x >= lo", 1),
            patch("x > lo", "lo <= x", 2),
            patch("x > lo", "x > mid", 1),
            patch("i < n", "i < n && n != 1", 4),
        ];
        let one = vec![obs("a"), obs("B"), obs("c")];
        let observed = vec![
            vec![obs("A"), obs("b"), obs("c")],
            one.clone(),
            one,
            vec![obs("A"), obs("B"), obs("c")],
            orig.clone(),
        ];
        let b = order(&pool, &orig, &observed, &w);
        // Change: 1 and 0 depart once at distance 1 (3), 4 nowhere at
        // distance 4 (4), 3 twice at distance 1 (5); at equal change, the
        // case split 0 after 1.
        let firsts: Vec<usize> = b.iter().map(|b| b.members[0]).collect();
        assert_eq!(firsts, vec![1, 0, 4, 3]);
        assert_eq!(b[0].members, vec![1, 2]);
        assert_eq!((b[0].departure, b[0].support), (1.0, 2));
        assert_eq!(b[1].case_split, Some(CaseSplit::ConstantComparison));
        // Unobserved: by distance, case splits after the others at equal
        // distance.
        let u = order_unobserved(&pool);
        assert_eq!(u.iter().map(|b| b.members[0]).collect::<Vec<_>>(), vec![1, 3, 0, 2, 4]);
    }

    #[test]
    fn new_names_are_the_names_the_original_does_not_read() {
        assert_eq!(new_names("e > 0", "e > 1"), 0);
        assert_eq!(new_names("e > 0", "e > c"), 1);
        assert_eq!(new_names("a && b", "a && !b"), 0);
        assert_eq!(new_names("p->x & FLAG && p->y != q->y", "p->y != 0 && p->y != q->y"), 0);
        assert_eq!(new_names("p->x & FLAG && p->y != q->y", "done != 0 && p->y != q->y"), 1);
        assert_eq!(new_names("x < n", "x < MAX && x < n"), 0, "a constant in capitals is no name");
        assert_eq!(new_names("x", "f(y, y) + sizeof x"), 2);
    }

    /// Of two edits equally close that behave alike, the one on the
    /// original's names shows the behaviour, whichever was found first;
    /// between behaviours the first three principles leave tied too.
    #[test]
    fn at_equal_distance_an_edit_without_new_names_comes_first() {
        let orig = vec![obs("a")];
        let pool = vec![patch("e > 0", "e > c", 1), patch("e > 0", "e > 1", 1)];
        let b = order(&pool, &orig, &[vec![obs("b")], vec![obs("b")]], &[1.0]);
        assert_eq!(b[0].members, vec![1, 0]);
        let b = order(&pool, &orig, &[vec![obs("b")], vec![obs("c")]], &[1.0]);
        assert_eq!(b.iter().map(|b| b.members[0]).collect::<Vec<_>>(), vec![1, 0]);
        // A closer edit still comes first.
        let pool = vec![patch("e > 0", "e > c", 1), patch("e > 0", "e + 1 > 1", 2)];
        let b = order(&pool, &orig, &[vec![obs("b")], vec![obs("b")]], &[1.0]);
        assert_eq!(b[0].members, vec![0, 1]);
    }

    #[test]
    fn within_a_behaviour_a_case_split_comes_last() {
        let orig = vec![obs("a"), obs("b")];
        // 0: a case split at distance 1; 1: the same behaviour through a
        // larger edit that is not one; 2: another behaviour, also one
        // departure, at distance 2.
        let pool =
            vec![patch("!todo", "!(wd < 0)", 1), patch("!todo", "!state.todo", 3), patch("x > lo", "x >= lo", 2)];
        let same = vec![obs("a"), obs("B")];
        let observed = vec![same.clone(), same, vec![obs("A"), obs("b")]];
        let b = order(&pool, &orig, &observed, &[1.0, 1.0]);
        assert_eq!(b[0].members, vec![1, 0], "the edit that is not a case split shows the behaviour");
        assert_eq!(b[0].case_split, None);
        // The behaviour is reached at distance 1 all the same: it comes
        // before the other one at distance 2.
        assert_eq!(b[0].distance, 1);
        assert_eq!(b[1].members, vec![2]);
    }
}
