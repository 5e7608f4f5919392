//! The output a test that states its stdout as a regular expression
//! expects, as text: of the strings the expression accepts (whole), one
//! closest to what the program printed, by edit distance. A dynamic
//! program over (printed position, state of the expression's Thompson
//! NFA): matching a printed byte costs nothing, substituting, inserting or
//! deleting one costs one. The literal pass diffs the printed output
//! against it as against an expected text.

use regex_automata::nfa::thompson::{State, WhichCaptures, NFA};
use regex_automata::util::primitives::StateID;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Cells of the table (printed bytes + 1 times states) at most.
const MAX_CELLS: usize = 8 << 20;

fn nfa(pattern: &str) -> Option<NFA> {
    let wrapped = format!("(?:{pattern})");
    let bytes = NFA::compiler()
        .syntax(regex_automata::util::syntax::Config::new().unicode(false).utf8(false))
        .configure(NFA::config().which_captures(WhichCaptures::None).utf8(false))
        .build(&wrapped)
        .ok();
    bytes.or_else(|| NFA::compiler().configure(NFA::config().which_captures(WhichCaptures::None)).build(&wrapped).ok())
}

/// The byte transitions of a state: (first byte, last byte, next state);
/// those that can write a lower-case letter first (at equal cost the
/// first wins: `[Ff]` writes `f`).
fn transitions(st: &State) -> Vec<(u8, u8, StateID)> {
    let mut ts = byte_transitions(st);
    ts.sort_by_key(|&(lo, hi, _)| !pick(lo, hi).is_ascii_lowercase());
    ts
}

fn byte_transitions(st: &State) -> Vec<(u8, u8, StateID)> {
    match st {
        State::ByteRange { trans } => vec![(trans.start, trans.end, trans.next)],
        State::Sparse(s) => s.transitions.iter().map(|t| (t.start, t.end, t.next)).collect(),
        State::Dense(d) => (0..=255u8)
            .zip(d.transitions.iter())
            .filter(|(_, n)| **n != StateID::ZERO)
            .map(|(b, n)| (b, b, *n))
            .collect(),
        _ => Vec::new(),
    }
}

/// The moves that consume nothing and cost nothing.
fn epsilons(st: &State) -> Vec<StateID> {
    match st {
        State::Union { alternates } => alternates.to_vec(),
        State::BinaryUnion { alt1, alt2 } => vec![*alt1, *alt2],
        State::Capture { next, .. } => vec![*next],
        // Anchors and word boundaries are not checked: the whole output is
        // matched anyway.
        State::Look { next, .. } => vec![*next],
        _ => Vec::new(),
    }
}

/// A byte of `lo..=hi` to write where the printed one does not fit: a
/// lower-case letter, a space, then any printable byte.
fn pick(lo: u8, hi: u8) -> u8 {
    let has = |b: u8| lo <= b && b <= hi;
    (b'a'..=b'z').chain([b' ']).chain(b'!'..=b'~').chain([b'\n']).find(|&b| has(b)).unwrap_or(lo)
}

/// A string `pattern` accepts whole, as close to `printed` as any.
pub fn closest(pattern: &str, printed: &[u8]) -> Option<Vec<u8>> {
    let nfa = nfa(pattern)?;
    let states = nfa.states();
    let s = states.len();
    // Per state, made once (the table visits every state at every printed
    // position): its epsilon moves, and its byte moves with the byte an
    // edit writes there.
    type Moves = (Vec<StateID>, Vec<(u8, u8, StateID, u8)>);
    let moves: Vec<Moves> = states
        .iter()
        .map(|st| (epsilons(st), transitions(st).into_iter().map(|(lo, hi, n)| (lo, hi, n, pick(lo, hi))).collect()))
        .collect();
    let is_match: Vec<bool> = states.iter().map(|st| matches!(st, State::Match { .. })).collect();
    let n = printed.len();
    if (n + 1).saturating_mul(s) > MAX_CELLS {
        return None;
    }
    const INF: u32 = u32::MAX;
    let at = |i: usize, st: usize| i * s + st;
    let mut dist = vec![INF; (n + 1) * s];
    // Per cell: the cell it was reached from and the byte written (or
    // none, for a deletion or an epsilon move).
    let mut from: Vec<(usize, Option<u8>)> = vec![(usize::MAX, None); (n + 1) * s];
    let start = nfa.start_anchored().as_usize();
    dist[at(0, start)] = 0;
    for i in 0..=n {
        // Within the layer: epsilon moves (0) and insertions (1).
        let mut heap: BinaryHeap<Reverse<(u32, usize)>> =
            (0..s).filter(|&st| dist[at(i, st)] != INF).map(|st| Reverse((dist[at(i, st)], st))).collect();
        while let Some(Reverse((d, st))) = heap.pop() {
            if d > dist[at(i, st)] {
                continue;
            }
            let mut relax = |next: usize, cost: u32, byte: Option<u8>| {
                if d + cost < dist[at(i, next)] {
                    dist[at(i, next)] = d + cost;
                    from[at(i, next)] = (at(i, st), byte);
                    heap.push(Reverse((d + cost, next)));
                }
            };
            for e in &moves[st].0 {
                relax(e.as_usize(), 0, None);
            }
            for &(_, _, next, write) in &moves[st].1 {
                relax(next.as_usize(), 1, Some(write));
            }
        }
        if i == n {
            break;
        }
        let c = printed[i];
        for st in 0..s {
            let d = dist[at(i, st)];
            if d == INF {
                continue;
            }
            let mut relax = |next: usize, cost: u32, byte: Option<u8>| {
                if d + cost < dist[at(i + 1, next)] {
                    dist[at(i + 1, next)] = d + cost;
                    from[at(i + 1, next)] = (at(i, st), byte);
                }
            };
            // Deleting the printed byte.
            relax(st, 1, None);
            for &(lo, hi, next, write) in &moves[st].1 {
                if lo <= c && c <= hi {
                    relax(next.as_usize(), 0, Some(c));
                } else {
                    relax(next.as_usize(), 1, Some(write));
                }
            }
        }
    }
    let end =
        (0..s).filter(|&st| is_match[st]).map(|st| at(n, st)).filter(|&c| dist[c] != INF).min_by_key(|&c| dist[c])?;
    let mut out = Vec::new();
    let mut cell = end;
    while cell != at(0, start) {
        let (prev, byte) = from[cell];
        if prev == usize::MAX {
            return None;
        }
        out.extend(byte);
        cell = prev;
    }
    out.reverse();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::closest;

    fn near(p: &str, printed: &str) -> String {
        String::from_utf8(closest(p, printed.as_bytes()).expect("a string")).unwrap()
    }

    #[test]
    fn the_closest_accepted_output_keeps_what_was_printed_right() {
        let p = "[^Ss]*[Ss][Tt][Uu][Dd][Ee][Nn][Tt] [Hh][Aa][Ss] [Ff][Aa][Ii][Ll][Ee][Dd] [Tt][Hh][Ee] [Cc][Oo][Uu][Rr][Ss][Ee][^Ss]*";
        let got = near(p, "Enter grade: Student has an F grade\n");
        assert!(regex::Regex::new(&format!("^(?:{p})$")).unwrap().is_match(&got), "{got}");
        assert!(got.starts_with("Enter grade: Student has "), "{got}");
        assert_eq!(near("[0-9]+ apples\n", "12 apple\n"), "12 apples\n");
        assert_eq!(near("abc", "abc"), "abc");
    }

    #[test]
    fn an_expression_nothing_matches_gives_none() {
        assert_eq!(closest("[a&&b]", b"x"), None);
    }
}
