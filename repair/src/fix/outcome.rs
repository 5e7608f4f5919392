//! How a repair, a site and a set of sites end, as types. The job decides
//! on these values (a site blocked by a test, a site to retry with more
//! work); they become text only where a person or `report.json` reads
//! them (`Display`, and `Serialize` as that text beside a kind).

use std::fmt;

/// How the whole repair ended (`report.json`'s `status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// A validated patch is in `patches`.
    Patched,
    /// No validated patch (`reason` says why).
    NoPatch,
    /// Every test passes on the original program.
    NothingToRepair,
    /// Written while the search goes on: the best patch so far.
    Searching,
}

impl Status {
    /// The name `report.json` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Patched => "patched",
            Status::NoPatch => "no-patch",
            Status::NothingToRepair => "nothing-to-repair",
            Status::Searching => "searching",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How one site (or one set of sites tried at once) ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiteResult {
    /// A validated patch: its replacement, the tests it passes and its
    /// distance from the original.
    Patched { replacement: String, tests: usize, distance: u32 },
    /// A set of `locations` sites patched together.
    SetPatched { locations: usize, tests: usize, distance: u32 },
    /// The site has no int or pointer variable in scope.
    NoVariables,
    /// The relabel pass needs the original as a term of the language.
    OriginalNotATerm,
    /// A set needs every original as a term (the line of the one that is
    /// not).
    SetOriginalNotATerm { line: u32 },
    /// The instrumented program could not be built.
    Build(String),
    /// What this site would need is not implemented.
    Unsupported(&'static str),
    /// No path of `test` passes with any value of the hole. `bound` is the
    /// path bound that stopped the exploration; `cut` says the exploration
    /// was cut by another limit; with neither, every path was explored.
    NoPassingPath { test: String, bound: Option<u64>, cut: bool },
    /// No term satisfies every test; `proof`: the tests every path of
    /// which was explored.
    NoInterpretation { proof: Vec<String> },
    /// No term satisfies the paths found, `bounded` tests' explorations
    /// having reached the path bound `bound`.
    NoInterpretationBounded { bound: u64, bounded: u64 },
    /// No combination of terms near the originals satisfies every test.
    NoCombination,
    /// The hole is never evaluated by the tests.
    NotReached,
    /// No term one relabel from the original passes the tests.
    NoRelabel,
    /// The repair's time limit (`--timeout`, `secs`) passed during the
    /// site: the outer clock, the only one.
    TimeLimit { secs: u64 },
    /// The site's work budget ran out: `runs` of its search (the relabel
    /// pass has none) or `instructions` of the VM over its runs.
    WorkLimit { runs: Option<u64>, instructions: u64, validations: Option<u64> },
    /// The repair's time limit passed during the set.
    SetTimeLimit,
    /// The set's work budget ran out (`paths`, `--max-set-paths`).
    SetWorkLimit { paths: u64 },
    /// Terms were proposed but none passes every test natively: why each
    /// was rejected. `set`: the terms were combinations of a set's.
    NoCandidatePasses { rejected: Vec<String>, set: bool },
}

impl SiteResult {
    /// A short, stable name of the kind of end (`report.json`'s
    /// `outcome` of an attempt).
    pub fn kind(&self) -> &'static str {
        match self {
            SiteResult::Patched { .. } | SiteResult::SetPatched { .. } => "patched",
            SiteResult::NoVariables | SiteResult::OriginalNotATerm | SiteResult::SetOriginalNotATerm { .. } => {
                "skipped"
            }
            SiteResult::Build(_) => "build-error",
            SiteResult::Unsupported(_) => "unsupported",
            SiteResult::NoPassingPath { .. } => "no-passing-path",
            SiteResult::NoInterpretation { .. }
            | SiteResult::NoInterpretationBounded { .. }
            | SiteResult::NoCombination => "no-interpretation",
            SiteResult::NotReached => "not-reached",
            SiteResult::NoRelabel => "no-relabel",
            SiteResult::TimeLimit { .. } | SiteResult::SetTimeLimit => "time-limit",
            SiteResult::WorkLimit { .. } | SiteResult::SetWorkLimit { .. } => "work-limit",
            SiteResult::NoCandidatePasses { .. } => "no-candidate-passes",
        }
    }

    /// The test that no path of the site passes, every path explored: the
    /// site cannot repair the defect alone.
    pub fn blocked_by(&self) -> Option<&str> {
        match self {
            SiteResult::NoPassingPath { test, bound: None, cut: false } => Some(test),
            _ => None,
        }
    }

    /// Whether the site ran out of its budget (time or work) before its
    /// search ended: a later pass with a larger share may find more.
    pub fn out_of_budget(&self) -> bool {
        matches!(self, SiteResult::TimeLimit { .. } | SiteResult::WorkLimit { .. })
    }
}

impl fmt::Display for SiteResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteResult::Patched { replacement, tests, distance } => {
                write!(f, "patched: `{replacement}` passes all {tests} tests (distance {distance})")
            }
            SiteResult::SetPatched { locations, tests, distance } => {
                write!(f, "patched: {locations} locations pass all {tests} tests (distance {distance})")
            }
            SiteResult::NoVariables => f.write_str("skipped: no usable variables (no int or pointer variable in scope)"),
            SiteResult::OriginalNotATerm => {
                f.write_str("skipped in this pass: the original is not a term of the language")
            }
            SiteResult::SetOriginalNotATerm { line } => {
                write!(f, "skipped: the original of line {line} is not a term of the language")
            }
            SiteResult::Build(e) => f.write_str(e),
            SiteResult::Unsupported(what) => write!(f, "unsupported: {what}"),
            SiteResult::NoPassingPath { test, bound: Some(b), .. } => {
                write!(f, "no path passes test {test} within the path bound (--max-paths {b})")
            }
            SiteResult::NoPassingPath { test, bound: None, cut: true } => {
                write!(f, "no path passes test {test} within the budget (exploration cut by --max-forks or a limit)")
            }
            SiteResult::NoPassingPath { test, bound: None, cut: false } => write!(f, "no path passes test {test}"),
            SiteResult::NoInterpretation { proof } if !proof.is_empty() => write!(
                f,
                "no interpretation in the language satisfies every test (every path of test {} explored)",
                proof.join(", ")
            ),
            SiteResult::NoInterpretation { .. } => f.write_str("no interpretation in the language satisfies every test"),
            SiteResult::NoInterpretationBounded { bound, bounded } => write!(
                f,
                "no interpretation in the language satisfies the paths found within the path bound (--max-paths {bound}, reached by {bounded} tests)"
            ),
            SiteResult::NoCombination => f.write_str("no combination of terms near the originals satisfies every test"),
            SiteResult::NotReached => f.write_str("the hole is never evaluated"),
            SiteResult::NoRelabel => f.write_str("no term one relabel from the original passes the tests"),
            SiteResult::TimeLimit { secs } => write!(f, "time limit of the repair ({secs} s) reached at this site"),
            SiteResult::WorkLimit { runs, instructions, validations } => {
                f.write_str("work limit of the site (")?;
                if let Some(runs) = runs {
                    write!(f, "{runs} runs, ")?;
                }
                write!(f, "{instructions} VM instructions")?;
                if let Some(v) = validations {
                    write!(f, " or {v} candidates validated")?;
                }
                f.write_str(") reached")
            }
            SiteResult::SetTimeLimit => f.write_str("time limit of the repair reached at this set"),
            SiteResult::SetWorkLimit { paths } => {
                write!(f, "work limit of the set ({paths} paths, --max-set-paths) reached")
            }
            SiteResult::NoCandidatePasses { rejected, set } => write!(
                f,
                "no {} passes every test natively: {}",
                if *set { "combination" } else { "candidate" },
                rejected.join("; ")
            ),
        }
    }
}

/// In `report.json`, an attempt's result is its text (`result`) beside its
/// kind (`outcome`); see `Attempt` in `patch.rs`.
impl serde::Serialize for SiteResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_fully_explored_site_is_blocked_by_its_test() {
        let r = |bound, cut| SiteResult::NoPassingPath { test: "t2".into(), bound, cut };
        assert_eq!(r(None, false).blocked_by(), Some("t2"));
        assert_eq!(r(Some(8), false).blocked_by(), None);
        assert_eq!(r(None, true).blocked_by(), None);
        assert_eq!(r(None, false).to_string(), "no path passes test t2");
        assert!(r(Some(8), false).to_string().ends_with("(--max-paths 8)"));
    }

    #[test]
    fn budgets_are_the_retried_ends_and_status_keeps_its_names() {
        assert!(SiteResult::WorkLimit { runs: Some(5), instructions: 9, validations: None }.out_of_budget());
        assert!(SiteResult::TimeLimit { secs: 6 }.out_of_budget());
        assert!(!SiteResult::SetWorkLimit { paths: 5 }.out_of_budget());
        assert!(!SiteResult::NotReached.out_of_budget());
        for s in [Status::Patched, Status::NoPatch, Status::NothingToRepair, Status::Searching] {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.name()));
            assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), s);
        }
    }
}
