//! The pool of validated patches and the choice over it: the patches run
//! near the tests (`behaviour.rs`), grouped into behaviours and ordered
//! by the principles (`choice.rs`); what the tests leave open is reported
//! with an input that shows it, and asked (`--oracle`, `--ask`) when the
//! user allows questions.

use super::behaviour::{observe_pool, Comparison, End, Near, Observed};
use super::builds::Builds;
use super::choice::{self, Behaviour, CaseSplit};
use super::options::AskWith;
use super::report::{one_line, Patch, Progress};
use crate::config::{Project, TestCase};
use crate::native;
use std::path::Path;
use std::time::{Duration, Instant};

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

/// One question asked: an input and its answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Question {
    pub input: String,
    pub args: Vec<String>,
    pub stdin: String,
    /// The behaviours' outputs on it, the chosen one's first.
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

/// One run on an input near the tests takes at most this long (or
/// `--test-timeout`, if shorter).
pub const NEAR_RUN_LIMIT: Duration = Duration::from_secs(2);

/// At most this many alternatives are reported.
pub const MAX_ALTERNATIVES: usize = 5;

/// What a question shows: the input and what each behaviour still open
/// does on it, the chosen one's first.
pub struct Ask<'a> {
    pub input: &'a Near,
    pub runs: Vec<&'a Observed>,
}

/// What the choice needs of the repair.
pub struct Ctx<'a> {
    pub p: &'a Project,
    pub builds: &'a Builds,
    pub texts: &'a [String],
    /// The project's tests and whether each fails on the original.
    pub tests: Vec<&'a TestCase>,
    pub failing: Vec<bool>,
    pub timeout: Duration,
    pub dir: &'a Path,
    pub out_dir: &'a Path,
    pub deadline: Instant,
    /// Who answers questions, if anyone.
    pub asker: Option<&'a AskWith>,
    pub questions: usize,
}

/// What the choice gives: the pool in the order chosen (best first), the
/// report's part, the answers as tests, and whether the answers ruled
/// out every behaviour (the repair must go on with them).
pub struct Chosen {
    pub patches: Vec<Patch>,
    pub choice: Choice,
    pub answered: Vec<TestCase>,
    pub none_agrees: bool,
}

/// Orders `pool` (validated patches, in the order found) by behaviour.
pub fn choose(ctx: &Ctx, pool: Vec<Patch>, progress: &mut dyn Progress) -> Chosen {
    // The patches run near the tests: the likeliest first (case splits
    // last, then the closest, then in the order found), at most
    // `MAX_COMPARED`.
    let n = pool.len();
    let mut likeliest: Vec<usize> = (0..n).collect();
    likeliest.sort_by_cached_key(|&i| {
        let pt = &pool[i];
        (choice::case_split_of(pt).is_some(), pt.distance)
    });
    // The compared ones in the order found, then the others.
    let (first, rest) = likeliest.split_at(n.min(super::behaviour::MAX_COMPARED));
    let mut first = first.to_vec();
    first.sort_unstable();
    let pool = taken_in(pool, first.iter().chain(rest).copied());
    let mut choice = Choice {
        certainty: Certainty::OnlyPatch,
        pool: n,
        compared: 0,
        near_inputs: 0,
        chosen: None,
        behaviours: Vec::new(),
        alternatives: Vec::new(),
        questions: Vec::new(),
    };
    if n == 0 {
        return Chosen { patches: pool, choice, answered: Vec::new(), none_agrees: false };
    }
    let cmp = if n > 1 {
        progress.status("running the patches on inputs near the tests");
        // A run near the tests that loops is a behaviour (`timed out`),
        // cut sooner than a test.
        let limit = ctx.timeout.min(NEAR_RUN_LIMIT);
        observe_pool(ctx.p, ctx.builds, ctx.texts, &ctx.tests, &ctx.failing, &pool, limit, ctx.dir, ctx.deadline)
            .map_err(|e| progress.message(&format!("the patches could not be run near the tests: {e}")))
            .ok()
            .filter(|c| !c.observed.is_empty())
    } else {
        None
    };
    let Some(cmp) = cmp else {
        let order = choice::order_unobserved(&pool);
        choice.certainty = if n == 1 { Certainty::OnlyPatch } else { Certainty::Unobserved };
        choice.chosen = Some(info(&pool, &order[0]));
        let patches = reorder(pool, &order, None);
        return Chosen { patches, choice, answered: Vec::new(), none_agrees: false };
    };
    let compared = &pool[..cmp.observed.len()];
    let weights: Vec<f64> = cmp.near.iter().map(choice::weight).collect();
    let mut order = choice::order(compared, &cmp.original, &cmp.observed, &weights);
    choice.compared = cmp.observed.len();
    choice.near_inputs = cmp.near.len();
    choice.behaviours = order.iter().map(|b| info(compared, b)).collect();
    let mut answered = Vec::new();
    let mut none_agrees = false;
    if let Some(asker) = &ctx.asker {
        while order.len() > 1 && choice.questions.len() < ctx.questions {
            let Some(k) = best_question(&cmp, &order) else { break };
            let runs: Vec<&Observed> = order.iter().map(|b| &cmp.observed[b.members[0]][k]).collect();
            let outputs: Vec<String> = runs.iter().map(|o| shown(o)).collect();
            let ask = Ask { input: &cmp.near[k], runs };
            let answer = match asker {
                AskWith::Oracle(cmd) => oracle(cmd, ctx, &cmp.near[k].test),
                AskWith::User => progress.ask(&ask),
            };
            let mut q = Question {
                input: cmp.near[k].what.clone(),
                args: cmp.near[k].test.args.clone(),
                stdin: String::from_utf8_lossy(&cmp.near[k].test.stdin).into_owned(),
                outputs,
                answer: answer.clone(),
                behaviours_left: order.len(),
            };
            let Answer::Output(right) = answer else {
                progress.message(&format!("question on {} left unanswered", cmp.near[k].what));
                choice.questions.push(q);
                break;
            };
            let test = answered_test(ctx, &cmp.near[k], &right, answered.len() + 1);
            let agree: Vec<Behaviour> = order
                .iter()
                .filter(|b| {
                    let o = &cmp.observed[b.members[0]][k];
                    native::judge(&test, &o.stdout, &[], o.end.code())
                })
                .cloned()
                .collect();
            progress.message(&format!(
                "answer on {}: {:?}; {} of {} behaviours agree",
                cmp.near[k].what,
                one_line(&right),
                agree.len(),
                order.len()
            ));
            answered.push(test);
            q.behaviours_left = agree.len();
            choice.questions.push(q);
            if agree.is_empty() {
                none_agrees = true;
                break;
            }
            order = agree;
        }
    }
    let answers = choice.questions.iter().any(|q| matches!(q.answer, Answer::Output(_)));
    choice.certainty = if order.len() == 1 && n == 1 {
        Certainty::OnlyPatch
    } else if order.len() == 1 && answers {
        Certainty::Answered
    } else if order.len() == 1 {
        Certainty::OneBehaviour
    } else {
        Certainty::Open
    };
    choice.chosen = Some(info(compared, &order[0]));
    choice.alternatives = alternatives(ctx, &cmp, compared, &order);
    // The chosen behaviour's patches first, then the other behaviours',
    // then those not compared.
    let patches = reorder(pool, &order, Some(cmp.observed.len()));
    Chosen { patches, choice, answered, none_agrees }
}

/// The pool with the members of `order`'s behaviours first, in order;
/// then (with `compared`) the patches past the compared ones.
fn reorder(pool: Vec<Patch>, order: &[Behaviour], compared: Option<usize>) -> Vec<Patch> {
    let mut idx: Vec<usize> = order.iter().flat_map(|b| b.members.iter().copied()).collect();
    if let Some(c) = compared {
        idx.extend(c..pool.len());
    }
    taken_in(pool, idx)
}

/// The patches of `pool` at the indices `idx`, in that order.
fn taken_in(pool: Vec<Patch>, idx: impl IntoIterator<Item = usize>) -> Vec<Patch> {
    let mut slots: Vec<Option<Patch>> = pool.into_iter().map(Some).collect();
    idx.into_iter().filter_map(|i| slots[i].take()).collect()
}

fn info(pool: &[Patch], b: &Behaviour) -> BehaviourInfo {
    let pt = &pool[b.members[0]];
    BehaviourInfo {
        file: pt.file.clone(),
        line: pt.line,
        replacement: pt.replacement.clone(),
        distance: pt.distance,
        patches: b.members.len(),
        departure: b.departure,
        support: b.support,
        case_split: choice::case_split_of(pt),
        diff: pt.diff.clone(),
    }
}

/// A run's output as a question or the report shows it.
fn shown(o: &Observed) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    if o.end == End::Exit(0) {
        out
    } else {
        format!("{out} ({})", o.end)
    }
}

/// The input that tells the open behaviours apart best: the most
/// distinct outputs among them, then the first on which the first two
/// differ, inputs near the passing tests before those near failing ones.
fn best_question(cmp: &Comparison, order: &[Behaviour]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for k in 0..cmp.near.len() {
        let mut outs: Vec<&Observed> = Vec::new();
        for b in order {
            let o = &cmp.observed[b.members[0]][k];
            if !outs.contains(&o) {
                outs.push(o);
            }
        }
        let first_two = cmp.observed[order[0].members[0]][k] != cmp.observed[order[1].members[0]][k];
        let score = outs.len() * 2 + usize::from(first_two);
        if outs.len() > 1 && best.is_none_or(|(_, s)| score > s) {
            best = Some((k, score));
        }
    }
    best.map(|(k, _)| k)
}

/// Each behaviour after the first, with the first input on which it and
/// the chosen one differ; the input written as `question-N.yaml`.
fn alternatives(ctx: &Ctx, cmp: &Comparison, pool: &[Patch], order: &[Behaviour]) -> Vec<Alternative> {
    let chosen = &cmp.observed[order[0].members[0]];
    let mut out = Vec::new();
    for b in order.iter().skip(1).take(MAX_ALTERNATIVES) {
        let other = &cmp.observed[b.members[0]];
        let Some(k) = (0..cmp.near.len()).find(|&k| chosen[k] != other[k]) else { continue };
        let near = &cmp.near[k];
        let n = out.len() + 1;
        let test_file = write_question(ctx, near, &chosen[k], &other[k], &pool[b.members[0]].replacement, n);
        out.push(Alternative {
            behaviour: info(pool, b),
            input: near.what.clone(),
            args: near.test.args.clone(),
            stdin: String::from_utf8_lossy(&near.test.stdin).into_owned(),
            chosen_output: shown(&chosen[k]),
            other_output: shown(&other[k]),
            test_file,
        });
    }
    out
}

/// The test an answer makes: the input, expecting `right` as the test it
/// was made from matches its stdout.
fn answered_test(ctx: &Ctx, near: &Near, right: &str, n: usize) -> TestCase {
    let base = ctx.tests.iter().find(|t| near.test.name.starts_with(&format!("{}~", t.name)));
    TestCase {
        name: format!("answer-{n}"),
        stdout: Some(right.to_string()),
        match_kind: base.map_or(crate::config::MatchKind::Exact, |t| t.match_kind),
        ..near.test.clone()
    }
}

/// Writes `question-N.yaml` in the output folder: the input as a test
/// expecting the chosen output, with the alternative's in a comment.
fn write_question(
    ctx: &Ctx, near: &Near, chosen: &Observed, other: &Observed, other_patch: &str, n: usize,
) -> Option<String> {
    let test = answered_test(ctx, near, &String::from_utf8_lossy(&chosen.stdout), n);
    let test = TestCase { name: format!("question-{n}"), ..test };
    let body = crate::config::tests_yaml(&[&test]).ok()?;
    let comment = |s: &str| s.lines().map(|l| format!("#   {l}\n")).collect::<String>();
    let text = format!(
        "# The tests leave this input open ({}).\n# The chosen patch prints:\n{}# `{}` prints:\n{}# `se2repair add-test {} {}` adds it as it is; edit `stdout` first if\n# the chosen output is not the right one.\ntests:\n{body}",
        near.what,
        comment(&shown(chosen)),
        one_line(other_patch),
        comment(&shown(other)),
        ctx.p.dir.display(),
        ctx.out_dir.join(format!("question-{n}.yaml")).display(),
    );
    let file = ctx.out_dir.join(format!("question-{n}.yaml"));
    std::fs::write(&file, text).ok()?;
    Some(file.display().to_string())
}

/// Asks the oracle command: run by `sh -c` with the input's arguments as
/// its positional parameters and its stdin, in the input's prepared
/// folder, `SE2REPAIR_PROJECT` set to the project folder. Its stdout is
/// the right output; a failure, a hang or no output leaves the question
/// unanswered.
fn oracle(cmd: &str, ctx: &Ctx, input: &TestCase) -> Answer {
    let dir = match native::prepare(input, &ctx.p.dir, ctx.timeout) {
        Ok(d) => d,
        Err(e) => return Answer::Unanswered(format!("the oracle's folder: {e}")),
    };
    let mut c = std::process::Command::new("sh");
    c.arg("-c").arg(format!("{cmd} \"$@\"")).arg("se2repair-oracle").args(&input.args);
    c.current_dir(&dir.path).env("SE2REPAIR_PROJECT", &ctx.p.dir);
    c.envs(input.env.iter().map(|(k, v)| (k, v)));
    let limit = ctx.timeout.max(Duration::from_secs(1)) * 2;
    match native::run_command(c, &input.stdin, limit) {
        Err(e) => Answer::Unanswered(format!("the oracle `{cmd}` cannot start: {e}")),
        Ok(r) if r.timed_out => {
            Answer::Unanswered(format!("the oracle `{cmd}` did not answer in {} s", limit.as_secs()))
        }
        Ok(r) if r.exit != Some(0) => Answer::Unanswered(format!(
            "the oracle `{cmd}` failed ({})",
            r.abnormal().unwrap_or_else(|| format!("exit {}", r.exit.unwrap_or(-1)))
        )),
        Ok(r) if r.stdout.is_empty() => Answer::Unanswered(format!("the oracle `{cmd}` printed nothing")),
        Ok(r) => Answer::Output(String::from_utf8_lossy(&r.stdout).into_owned()),
    }
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

/// The choice's lines of the summary.
pub fn summary(c: &Choice, project: &str) -> String {
    let mut s = String::new();
    match c.certainty {
        Certainty::OnlyPatch => s.push_str("the only patch found that passes the tests\n"),
        Certainty::OneBehaviour => s.push_str(&format!(
            "the tests decide: the {} patches found behave alike on {} inputs near the tests\n",
            c.compared, c.near_inputs
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
