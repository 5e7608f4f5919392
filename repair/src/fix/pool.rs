//! The pool of validated patches and the choice over it: the patches run
//! near the tests (`behaviour.rs`), grouped into behaviours and ordered
//! by the principles (`choice.rs`); what the tests leave open is reported
//! with an input that shows it, and asked (`--oracle`, `--ask`) when the
//! user allows questions.

use super::behaviour::{observe_pool, Comparison, End, Near, Observed};
use super::builds::Builds;
use super::choice::{self, Behaviour};
use super::options::AskWith;
use super::patch::{one_line, Patch};
use super::report::Progress;
use super::verdict::{Alternative, Answer, Ask, BehaviourInfo, Certainty, Choice, Question, QuestionKind};
use crate::config::{MatchKind, Project, TestCase};
use crate::native;
use std::path::Path;
use std::time::{Duration, Instant};

/// One run on an input near the tests takes at most this much CPU time
/// (or `--test-timeout`, if shorter); four times it on the clock. The
/// kernel counts whole seconds: one is the least, and about the work the
/// earlier 2 s of the clock allowed with two repairs on two cores.
pub const NEAR_RUN_LIMIT: Duration = Duration::from_secs(1);

/// At most this many alternatives are reported.
pub const MAX_ALTERNATIVES: usize = 5;

/// At most this many questions confirm one behaviour's departures.
pub const MAX_CONFIRM: usize = 2;

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
    /// How the VM tells the patches at one site apart (`distinguish.rs`).
    pub engine: crate::search::Engine,
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
        found_inputs: 0,
        chosen: None,
        behaviours: Vec::new(),
        alternatives: Vec::new(),
        questions: Vec::new(),
    };
    if n == 0 {
        return Chosen { patches: pool, choice, answered: Vec::new(), none_agrees: false };
    }
    // One patch runs near the tests too when its departures can be asked.
    let cmp = if n > 1 || ctx.asker.is_some() {
        progress.status("running the patches on inputs near the tests");
        // A run near the tests that loops is a behaviour (`timed out`),
        // cut sooner than a test.
        let limit = ctx.timeout.min(NEAR_RUN_LIMIT);
        let t0 = std::time::Instant::now();
        let cmp =
            observe_pool(ctx.p, ctx.builds, ctx.texts, &ctx.tests, &ctx.failing, &pool, limit, ctx.dir, ctx.deadline);
        log::debug!(target: "se2repair::fix", "choice: the pool run near the tests in {:.2} s", t0.elapsed().as_secs_f64());
        cmp.map_err(|e| progress.message(&format!("the patches could not be run near the tests: {e}")))
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
    let search = super::distinguish::Search {
        p: ctx.p,
        builds: ctx.builds,
        texts: ctx.texts,
        tests: &ctx.tests,
        failing: &ctx.failing,
        engine: ctx.engine,
        asking: ctx.asker.is_some(),
        dir: &ctx.dir.join("found"),
        deadline: ctx.deadline,
    };
    let compared = &pool[..cmp.observed.len()];
    progress.status("searching the VM for inputs that tell the patches apart");
    let t0 = std::time::Instant::now();
    let cmp = super::distinguish::with_found(&search, compared, ctx.timeout.min(NEAR_RUN_LIMIT), cmp);
    log::debug!(target: "se2repair::fix", "choice: the VM's search for telling inputs in {:.2} s", t0.elapsed().as_secs_f64());
    let weights: Vec<f64> = cmp.near.iter().map(choice::weight).collect();
    let mut order = choice::order(compared, &cmp.original, &cmp.observed, &weights);
    choice.compared = cmp.observed.len();
    choice.near_inputs = cmp.near.len();
    choice.found_inputs = cmp.near.iter().filter(|n| n.found).count();
    choice.behaviours = order.iter().map(|b| info(compared, b)).collect();
    let mut answered = Vec::new();
    let mut none_agrees = false;
    if let Some(asker) = ctx.asker {
        let asked = ask(ctx, asker, &cmp, order, progress);
        (order, choice.questions, answered, none_agrees) =
            (asked.order, asked.questions, asked.answered, asked.none_agrees);
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

/// What the questions gave: the behaviours left (the first is the
/// choice), the questions, the answers as tests, and whether the answers
/// ruled out every behaviour.
struct Asked {
    order: Vec<Behaviour>,
    questions: Vec<Question>,
    answered: Vec<TestCase>,
    none_agrees: bool,
}

/// Asks at most `ctx.questions` questions: first on the inputs that tell
/// the open behaviours apart, then, when one is left, on inputs where it
/// departs from the original ([`departures`], at most [`MAX_CONFIRM`]).
/// An unanswered question ends the asking; an answer that no behaviour
/// left agrees with ends it with `none_agrees`.
fn ask(ctx: &Ctx, asker: &AskWith, cmp: &Comparison, mut order: Vec<Behaviour>, progress: &mut dyn Progress) -> Asked {
    let mut a = Asked { order: Vec::new(), questions: Vec::new(), answered: Vec::new(), none_agrees: false };
    let run = |b: &Behaviour, k: usize| &cmp.observed[b.members[0]][k];
    while order.len() > 1 && a.questions.len() < ctx.questions {
        let Some(k) = best_question(cmp, &order) else { break };
        let runs: Vec<&Observed> = order.iter().map(|b| run(b, k)).collect();
        let Some(agreeing) = put(ctx, asker, &cmp.near[k], (QuestionKind::TellApart, runs), &mut a, progress) else {
            a.order = order;
            return a;
        };
        let agree: Vec<Behaviour> = order.iter().zip(agreeing).filter(|(_, ok)| *ok).map(|(b, _)| b.clone()).collect();
        progress.message(&format!("{} of {} behaviours agree", agree.len(), order.len()));
        if agree.is_empty() {
            a.none_agrees = true;
            a.order = order;
            return a;
        }
        order = agree;
    }
    if order.len() == 1 {
        let chosen = &cmp.observed[order[0].members[0]];
        // Only where an answer compares as text: a test matched by a
        // regular expression states part of its output, and the right
        // output of a new input may differ from the patch's elsewhere.
        let textual = |k: &usize| base_test(ctx, &cmp.near[*k]).is_none_or(|t| t.match_kind != MatchKind::Regex);
        let asked = departures(&cmp.original, chosen, &cmp.near).into_iter().filter(textual);
        for k in asked.take(MAX_CONFIRM) {
            if a.questions.len() >= ctx.questions {
                break;
            }
            let runs = vec![&chosen[k], &cmp.original[k]];
            let Some(agreeing) = put(ctx, asker, &cmp.near[k], (QuestionKind::Confirm, runs), &mut a, progress) else {
                break;
            };
            let agree = agreeing[0];
            progress.message(if agree { "the chosen behaviour agrees" } else { "the chosen behaviour does not agree" });
            if !agree {
                a.none_agrees = true;
                break;
            }
        }
    }
    a.order = order;
    a
}

/// Asks one question on `near` and records it in `a`, an answer also as
/// a test. The runs shown are the behaviours', the chosen one's first
/// (for [`QuestionKind::Confirm`], the chosen one's, then the original's,
/// which is no behaviour); an answer gives whether each behaviour agrees
/// with it.
fn put(
    ctx: &Ctx, asker: &AskWith, near: &Near, (kind, runs): (QuestionKind, Vec<&Observed>), a: &mut Asked,
    progress: &mut dyn Progress,
) -> Option<Vec<bool>> {
    let behaviours = if kind == QuestionKind::Confirm { 1 } else { runs.len() };
    let outputs: Vec<String> = runs.iter().map(|o| shown(o)).collect();
    let judged: Vec<&Observed> = runs[..behaviours].to_vec();
    let answer = match asker {
        AskWith::Oracle(cmd) => reproducible(oracle(cmd, ctx, &near.test), || oracle(cmd, ctx, &near.test)),
        AskWith::User => progress.ask(&Ask { kind, input: near, runs }),
    };
    let agreeing: Option<Vec<bool>> = match &answer {
        Answer::Output(right) => {
            progress.message(&format!("answer on {}: {:?}", near.what, one_line(right)));
            let test = answered_test(ctx, near, right, a.answered.len() + 1);
            let ok = judged.iter().map(|o| native::judge(&test, &o.stdout, &[], o.end.code())).collect();
            a.answered.push(test);
            Some(ok)
        }
        Answer::Unanswered(_) => {
            progress.message(&format!("question on {} left unanswered", near.what));
            None
        }
    };
    a.questions.push(Question {
        kind,
        input: near.what.clone(),
        args: near.test.args.clone(),
        stdin: String::from_utf8_lossy(&near.test.stdin).into_owned(),
        outputs,
        answer,
        behaviours_left: agreeing.as_ref().map_or(behaviours, |ok| ok.iter().filter(|x| **x).count()),
    });
    agreeing
}

/// The inputs on which the chosen behaviour departs from the original
/// program, where its departure can be asked: one near the passing tests
/// (where they say the original is right), then one near a failing test
/// (how the fix generalizes), and so on in turn; inputs either was not
/// run on are left out.
pub fn departures(original: &[Observed], chosen: &[Observed], near: &[Near]) -> Vec<usize> {
    let known = |o: &Observed| o.end != End::NotRun;
    let differ = |k: &usize| original[*k] != chosen[*k] && known(&original[*k]) && known(&chosen[*k]);
    let (passing, failing): (Vec<usize>, Vec<usize>) =
        (0..near.len().min(original.len()).min(chosen.len())).filter(differ).partition(|&k| !near[k].near_failing);
    let mut out = Vec::new();
    for i in 0..passing.len().max(failing.len()) {
        out.extend(passing.get(i));
        out.extend(failing.get(i));
    }
    out
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

/// The input that tells the open behaviours apart best: the one after
/// whose answer the fewest behaviours are expected to be left (each
/// behaviour as likely: the sum of the squared sizes of the groups that
/// print alike), then one on which the first two differ (the choice is
/// tested against its runner-up), then the first (inputs near the
/// passing tests before those near failing ones). One that tells none
/// apart is never asked.
fn best_question(cmp: &Comparison, order: &[Behaviour]) -> Option<usize> {
    let runs: Vec<&[Observed]> = order.iter().map(|b| cmp.observed[b.members[0]].as_slice()).collect();
    let mut best: Option<(usize, (usize, bool))> = None;
    for k in 0..cmp.near.len() {
        let outs: Vec<&Observed> = runs.iter().map(|r| &r[k]).collect();
        let Some(left) = expected_left(&outs) else { continue };
        let key = (left, outs[0] == outs[1]);
        if best.is_none_or(|(_, b)| key < b) {
            best = Some((k, key));
        }
    }
    best.map(|(k, _)| k)
}

/// For the behaviours' outputs on one input, the sum of the squared
/// sizes of the groups that print alike (the expected number left after
/// the answer, times their count); `None` when all print alike.
fn expected_left(outs: &[&Observed]) -> Option<usize> {
    let mut groups: Vec<(&Observed, usize)> = Vec::new();
    for o in outs {
        match groups.iter_mut().find(|(g, _)| g == o) {
            Some((_, n)) => *n += 1,
            None => groups.push((o, 1)),
        }
    }
    (groups.len() > 1).then(|| groups.iter().map(|(_, n)| n * n).sum())
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
    TestCase {
        name: format!("answer-{n}"),
        stdout: Some(right.to_string()),
        match_kind: base_test(ctx, near).map_or(MatchKind::Exact, |t| t.match_kind),
        ..near.test.clone()
    }
}

/// The test an input near the tests was made from.
fn base_test<'a>(ctx: &Ctx<'a>, near: &Near) -> Option<&'a TestCase> {
    super::behaviour::made_from(&ctx.tests, near).map(|i| ctx.tests[i])
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

/// An oracle's answer, asked again: an answer the oracle does not give
/// twice (a reference that reads memory the input leaves unset prints
/// what it happens to find) decides nothing.
fn reproducible(first: Answer, again: impl FnOnce() -> Answer) -> Answer {
    let Answer::Output(a) = &first else { return first };
    match again() {
        Answer::Output(b) if b == *a => first,
        Answer::Output(b) => Answer::Unanswered(format!(
            "the oracle answered {:?}, then {:?}: not reproducible",
            one_line(a),
            one_line(&b)
        )),
        unanswered => unanswered,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(out: &str) -> Observed {
        Observed { stdout: out.as_bytes().to_vec(), end: End::Exit(0) }
    }

    fn near(name: &str, near_failing: bool) -> Near {
        Near {
            test: TestCase { name: name.into(), ..TestCase::default() },
            what: name.into(),
            near_failing,
            value: None,
            found: false,
        }
    }

    #[test]
    fn departures_alternate_between_the_passing_and_the_failing_tests_neighbourhoods() {
        let near = [near("p1", false), near("f1", true), near("p2", false), near("p3", false), near("f2", true)];
        let original = [run("0"), run("0"), run("0"), run("1"), run("2")];
        // Departs on p1, f1, p3 and f2; agrees on p2.
        let chosen = [run("1"), run("1"), run("0"), run("0"), run("0")];
        assert_eq!(departures(&original, &chosen, &near), [0, 1, 3, 4]);
        // Only near the failing tests: those, in order.
        let chosen = [run("0"), run("1"), run("0"), run("1"), run("0")];
        assert_eq!(departures(&original, &chosen, &near), [1, 4]);
    }

    #[test]
    fn the_question_asked_splits_the_behaviours_most_evenly() {
        let b = |i: usize| Behaviour { members: vec![i], case_split: None, departure: 0.0, distance: 1, support: 1 };
        let order: Vec<Behaviour> = (0..5).map(b).collect();
        let outs = |s: [&str; 5]| s.map(run).to_vec();
        // Per behaviour, its runs on three inputs: the first tells one
        // behaviour from the rest (17 / 5 expected left), the second
        // splits them 3 : 2 (13 / 5), the third tells none apart.
        let per_input = [outs(["A", "M", "A", "A", "A"]), outs(["A", "A", "M", "A", "M"]), outs(["A"; 5])];
        let observed: Vec<Vec<Observed>> = (0..5).map(|i| per_input.iter().map(|o| o[i].clone()).collect()).collect();
        let cmp =
            Comparison { near: vec![near("x", false), near("y", false), near("z", false)], original: vec![], observed };
        assert_eq!(best_question(&cmp, &order), Some(1));
        assert_eq!(expected_left(&[&run("A"), &run("M"), &run("A")]), Some(5));
        assert_eq!(expected_left(&[&run("A"), &run("A")]), None);
        // At equal expectation, the input where the first two differ.
        // On x the third differs, on y the second: 2 : 1 either way.
        let three: Vec<Behaviour> = (0..3).map(b).collect();
        let observed = vec![vec![run("A"), run("A")], vec![run("A"), run("M")], vec![run("M"), run("A")]];
        let cmp = Comparison { near: vec![near("x", false), near("y", false)], original: vec![], observed };
        assert_eq!(best_question(&cmp, &three), Some(1));
    }

    #[test]
    fn an_answer_the_oracle_does_not_repeat_decides_nothing() {
        let out = |s: &str| Answer::Output(s.into());
        assert!(matches!(reproducible(out("105"), || out("105")), Answer::Output(a) if a == "105"));
        assert!(
            matches!(reproducible(out("105"), || out("-451538553")), Answer::Unanswered(w) if w.contains("not reproducible"))
        );
        assert!(matches!(reproducible(out("1"), || Answer::Unanswered("x".into())), Answer::Unanswered(w) if w == "x"));
        let first = Answer::Unanswered("failed".into());
        assert!(matches!(reproducible(first, || unreachable!("not asked again")), Answer::Unanswered(_)));
    }

    #[test]
    fn an_input_not_run_is_no_departure_and_a_crash_is_one() {
        let near = [near("p1", false), near("p2", false)];
        let original = [run("0"), Observed { stdout: Vec::new(), end: End::NotRun }];
        let chosen = [Observed { stdout: Vec::new(), end: End::Abnormal("killed by signal 11".into()) }, run("1")];
        assert_eq!(departures(&original, &chosen, &near), [0]);
        assert!(departures(&original, &original, &near).is_empty());
    }
}
