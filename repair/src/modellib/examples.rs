//! What the tests say about the function, as concrete examples: the
//! program runs in the VM on each test with the function replaced by a
//! recorder ([`super::sig::Signature::recorder`]) whose every call gives
//! a fresh symbolic result (first-order) and records the call's concrete
//! inputs. Each passing path is then a condition over the calls' results
//! alone. A candidate model is checked by computing every call's result
//! with it ([`super::interp`]) and evaluating the conditions: no solver
//! call, microseconds per candidate, however many calls a test makes and
//! however long their strings.

use super::interp::Call;
use crate::config::TestCase;
use crate::infer::{explore_tests, Engine, Explored, InferStats, Limits};
use klee_ext::expr::{ArrayId, ExprId, Valuation};
use klee_ext::so::{LangSpec, Pool};
use std::collections::HashMap;

/// The recorder's second-order variable.
pub const RECORD_VAR: &str = "se2_call";

/// One passing path: its calls (by index into [`Examples::calls`]) and
/// its condition.
struct PathEx {
    calls: Vec<(ArrayId, usize)>,
    constraints: Vec<ExprId>,
}

/// Every test's passing paths, over the distinct calls of all tests.
pub struct Examples {
    pool: Pool,
    /// Per test: its name and passing paths.
    tests: Vec<(String, Vec<PathEx>)>,
    pub calls: Vec<Call>,
    /// Paths explored (passing or not), over all tests.
    pub paths: u64,
}

/// Why there are no examples.
#[derive(Debug)]
pub enum NoExamples {
    /// No test calls the function.
    NotCalled,
    /// No path of this test passes whatever the calls return (`cut`: the
    /// exploration stopped at a limit).
    NoPassingPath {
        test: String,
        cut: bool,
    },
    /// A call's input is not concrete, or a string too long to record.
    Unsupported(String),
    OutOfTime,
}

/// The byte valuation of one path's calls' results (a path makes few
/// calls: a scan beats hashing).
struct Results<'a> {
    calls: &'a [(ArrayId, usize)],
    results: &'a [Option<i64>],
}

impl Valuation for Results<'_> {
    fn byte(&self, arr: ArrayId, idx: u32) -> u8 {
        self.calls
            .iter()
            .find(|(a, _)| *a == arr)
            .and_then(|&(_, k)| self.results[k])
            .map_or(0, |v| ((v as u32) >> (8 * idx)) as u8)
    }
}

/// Runs every test with the recorder in place of the function.
pub fn record(
    prog: &klee_ext::ir::Program, tests: &[&TestCase], nints: usize, nstrs: usize, limits: &Limits,
) -> Result<Result<Examples, NoExamples>, String> {
    let mut stats = InferStats::default();
    let holes = [(RECORD_VAR.to_string(), LangSpec::Int(1))];
    let keep_all = |_: &mut _, _: &mut Pool, r: &klee_ext::exec::PathReport| r.constraints.to_vec();
    let (pool, spec) = match explore_tests(prog, tests, &holes, Engine::Fo, limits, &mut stats, keep_all)? {
        Explored::Paths(pool, spec) => (pool, spec),
        Explored::OutOfTime => return Ok(Err(NoExamples::OutOfTime)),
        Explored::NoPassingPath { test, cut } => return Ok(Err(NoExamples::NoPassingPath { test, cut })),
    };
    let mut calls: Vec<Call> = Vec::new();
    let mut index: HashMap<Call, usize> = HashMap::new();
    let mut out = Vec::new();
    let mut any = false;
    for (t, paths) in tests.iter().zip(spec) {
        let mut ps = Vec::new();
        for p in paths {
            let mut pc = Vec::new();
            for arr in p.apps {
                let Some(occ) = pool.so.occurrence(arr) else { continue };
                let mut args = Vec::with_capacity(occ.args.len());
                for &a in occ.args.iter() {
                    match pool.as_const(a) {
                        Some(v) => args.push(v as u32 as i32 as i64),
                        None => {
                            return Ok(Err(NoExamples::Unsupported(format!(
                                "test {}: a call's input depends on an earlier result",
                                t.name
                            ))))
                        }
                    }
                }
                let Some(call) = Call::decode(&args, nints, nstrs) else {
                    return Ok(Err(NoExamples::Unsupported(format!(
                        "test {}: a string argument longer than the recorder keeps (1000 characters)",
                        t.name
                    ))));
                };
                let k = *index.entry(call.clone()).or_insert_with(|| {
                    calls.push(call);
                    calls.len() - 1
                });
                pc.push((arr, k));
                any = true;
            }
            ps.push(PathEx { calls: pc, constraints: p.constraints });
        }
        out.push((t.name.clone(), ps));
    }
    if !any {
        return Ok(Err(NoExamples::NotCalled));
    }
    Ok(Ok(Examples { pool, tests: out, calls, paths: stats.paths }))
}

impl Examples {
    /// Whether calls with these `results` (one per call, `None` where
    /// the candidate is undefined) pass every test; else the first test
    /// that fails. `order` is the order to try tests in (the last
    /// failing first); it is updated.
    pub fn check(&self, results: &[Option<i64>], order: &mut Vec<usize>) -> Result<(), usize> {
        if order.len() != self.tests.len() {
            *order = (0..self.tests.len()).collect();
        }
        for k in 0..order.len() {
            let ti = order[k];
            if !self.tests[ti].1.iter().any(|p| self.path_holds(p, results)) {
                order.remove(k);
                order.insert(0, ti);
                return Err(ti);
            }
        }
        Ok(())
    }

    fn path_holds(&self, p: &PathEx, results: &[Option<i64>]) -> bool {
        if p.calls.iter().any(|&(_, k)| results[k].is_none()) {
            return false;
        }
        let asg = Results { calls: &p.calls, results };
        let mut memo = Default::default();
        p.constraints.iter().all(|&c| self.pool.eval_memo(c, &asg, &mut memo) & 1 == 1)
    }

    pub fn test_name(&self, i: usize) -> &str {
        &self.tests[i].0
    }
}
