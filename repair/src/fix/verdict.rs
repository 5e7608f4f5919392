//! What the choice tells the user: how sure it is, the behaviours the
//! tests allow with an input that tells each from the chosen one, the
//! questions asked and their answers (`report.json`'s `choice`), and its
//! lines of the summary. The choice itself is `pool.rs`'s.

use super::behaviour::{Near, Observed};
use super::choice::CaseSplit;
use super::patch::one_line;

/// How sure the choice is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Certainty {
    /// One patch passed the tests.
    OnlyPatch,
    /// Every patch found behaves alike on every input near the tests.
    OneBehaviour,
    /// Other behaviours pass the tests too: the principles chose.
    Open,
    /// Several behaviours passed the tests; the answers to the questions
    /// left one.
    Answered,
    /// The patches could not be run near the tests (no input, or the
    /// time limit): the closest was taken.
    Unobserved,
}

/// One behaviour as the report shows it: its best patch and what the
/// principles say of it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BehaviourInfo {
    pub file: String,
    pub line: u32,
    pub replacement: String,
    pub distance: u32,
    /// How many patches of the pool behave so.
    pub patches: usize,
    pub departure: f64,
    pub support: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_split: Option<CaseSplit>,
    pub diff: String,
}

/// Another behaviour that passes the tests, and an input on which it and
/// the chosen one differ.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Alternative {
    pub behaviour: BehaviourInfo,
    /// The input: which test, what changed, its arguments and stdin.
    pub input: String,
    pub args: Vec<String>,
    pub stdin: String,
    /// Their stdout on it (lossy UTF-8) and how they ended.
    pub chosen_output: String,
    pub other_output: String,
    /// The input as a test expecting the chosen output
    /// (`question-N.yaml`; `se2repair add-test` adds it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_file: Option<String>,
}

/// How a question was answered.
#[derive(Clone, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "text")]
pub enum Answer {
    /// The right output.
    Output(String),
    /// No answer (the oracle failed, hung or printed nothing; the user
    /// skipped): the principles decide.
    Unanswered(String),
}

/// Why a question was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionKind {
    /// Behaviours that pass the tests differ on the input: the answer
    /// keeps those that agree with it.
    TellApart,
    /// One behaviour is left, and it departs from the original program on
    /// the input, where the tests do not say the original is wrong: the
    /// answer confirms the departure or rules the behaviour out.
    Confirm,
}

/// One question asked: an input and its answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Question {
    pub kind: QuestionKind,
    pub input: String,
    pub args: Vec<String>,
    pub stdin: String,
    /// The behaviours' outputs on it, the chosen one's first; for
    /// [`QuestionKind::Confirm`], the chosen one's and the original's.
    pub outputs: Vec<String>,
    pub answer: Answer,
    /// Behaviours left after the answer.
    pub behaviours_left: usize,
}

/// The choice's part of the report.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Choice {
    pub certainty: Certainty,
    /// Validated patches in the pool, and how many ran near the tests.
    pub pool: usize,
    pub compared: usize,
    pub near_inputs: usize,
    /// Of the inputs near the tests, those the VM found where two
    /// interpretations of a site differ (`distinguish.rs`).
    pub found_inputs: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<BehaviourInfo>,
    /// Every behaviour compared, in the principles' order (the first is
    /// their choice, before any question was answered).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub behaviours: Vec<BehaviourInfo>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Question>,
}

/// What a question shows: the input and what each behaviour still open
/// does on it, the chosen one's first (for [`QuestionKind::Confirm`],
/// the chosen one's and the original program's).
pub struct Ask<'a> {
    pub kind: QuestionKind,
    pub input: &'a Near,
    pub runs: Vec<&'a Observed>,
}

/// An input as a user types it: its stdin, else its arguments.
fn input_text(args: &[String], stdin: &str) -> String {
    if stdin.is_empty() {
        format!("arguments {:?}", args)
    } else if args.is_empty() {
        format!("input {:?}", stdin)
    } else {
        format!("arguments {:?} and input {:?}", args, stdin)
    }
}

/// `" (N found by the VM)"` when some inputs were.
fn found_by_vm(c: &Choice) -> String {
    if c.found_inputs == 0 {
        String::new()
    } else {
        format!(" ({} found by the VM)", c.found_inputs)
    }
}

/// The choice's lines of the summary.
pub fn summary(c: &Choice, project: &str) -> String {
    let mut s = String::new();
    match c.certainty {
        Certainty::OnlyPatch => s.push_str("the only patch found that passes the tests\n"),
        Certainty::OneBehaviour => s.push_str(&format!(
            "the tests decide: the {} patches found behave alike on {} inputs near the tests{}\n",
            c.compared,
            c.near_inputs,
            found_by_vm(c)
        )),
        Certainty::Answered => s.push_str(&format!(
            "the answers decide: of the {} behaviours that pass the tests, one agrees with them\n",
            c.behaviours.len()
        )),
        Certainty::Unobserved => s.push_str(&format!(
            "{} patches pass the tests; they could not be run near the tests: the closest was taken\n",
            c.pool
        )),
        Certainty::Open => {
            let chosen = c.chosen.as_ref();
            s.push_str(&format!(
                "the tests leave it open: {} other behaviour{} pass{} them too; chosen by behaviour (departs from the original on {:.0} of the inputs near the passing tests{})\n",
                c.alternatives.len(),
                if c.alternatives.len() == 1 { "" } else { "s" },
                if c.alternatives.len() == 1 { "es" } else { "" },
                chosen.map_or(0.0, |b| b.departure),
                chosen.and_then(|b| b.case_split).map_or(String::new(), |k| format!("; a case split: {}", k.describe())),
            ));
        }
    }
    for a in &c.alternatives {
        s.push_str(&format!(
            "  on {}: chosen prints {:?}, `{}` prints {:?}\n",
            input_text(&a.args, &a.stdin),
            a.chosen_output,
            one_line(&a.behaviour.replacement),
            a.other_output
        ));
        if let Some(f) = &a.test_file {
            s.push_str(&format!("    to decide, add it as a test: se2repair add-test {project} {f}\n"));
        }
    }
    for q in &c.questions {
        match &q.answer {
            Answer::Output(o) if q.kind == QuestionKind::Confirm => s.push_str(&format!(
                "asked on {}, where the chosen patch departs from the original: {:?}; the chosen patch {}\n",
                input_text(&q.args, &q.stdin),
                o,
                if q.behaviours_left == 1 { "agrees" } else { "does not agree" }
            )),
            Answer::Output(o) => s.push_str(&format!(
                "asked on {}: {:?}; {} behaviour{} agree{}\n",
                input_text(&q.args, &q.stdin),
                o,
                q.behaviours_left,
                if q.behaviours_left == 1 { "" } else { "s" },
                if q.behaviours_left == 1 { "s" } else { "" }
            )),
            Answer::Unanswered(why) => {
                s.push_str(&format!("asked on {}: unanswered ({why})\n", input_text(&q.args, &q.stdin)))
            }
        }
    }
    s
}
