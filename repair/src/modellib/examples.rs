//! What the tests say about the function, as concrete examples: the
//! program runs in the VM on each test with the function replaced by a
//! recorder ([`super::sig::Signature::recorder`]) whose every call gives
//! a fresh symbolic result (first-order) and records the call's concrete
//! inputs. Each passing path is then a condition over the calls' results
//! alone. A candidate model is checked by computing every call's result
//! with it ([`super::interp`]) and evaluating the conditions: no solver
//! call, microseconds per candidate, however many calls a test makes and
//! however long their strings.

use super::interp::{Call, Shape};
use crate::config::TestCase;
use crate::search::{explore_tests, Engine, Explored, InferStats, Limits};
use klee_ext::expr::{ArrayId, ExprId, Valuation};
use klee_ext::so::{LangSpec, Pool, Term};
use klee_ext::spec::PathSpec;
use std::collections::HashMap;

/// The recorder's second-order variable.
pub const RECORD_VAR: &str = "se2_call";

/// One passing path: its calls (by index into [`Examples::calls`]) and
/// its condition.
struct PathEx {
    calls: Vec<(ArrayId, usize)>,
    constraints: Vec<ExprId>,
}

/// One test's passing paths, with the pool (one per recorded program)
/// their conditions live in.
struct TestEx {
    name: String,
    pool: usize,
    paths: Vec<PathEx>,
    /// When the test's exploration was cut by a limit: the failing paths
    /// it saw. A candidate on none of the paths seen is then not ruled
    /// out (the passing paths are only some of them).
    failing: Option<Vec<PathEx>>,
}

/// Why a test's recording constrains nothing.
#[derive(Clone, Debug)]
pub enum SetAside {
    /// No path passes it whatever the function returns.
    Fails,
    /// Its calls cannot be recorded.
    Unsupported(&'static str),
    /// The recording's time ended before it.
    NotReached,
    /// Its exploration spent its fork budget before any path passed.
    NoPassWithinBudget,
    /// No path passed, and some ended where the VM cannot tell (a value
    /// pinned to one, a limit): it may pass with the right function.
    Undecided,
}

/// Every test's passing paths, over the distinct calls of all tests, of
/// one program or of several pooled ([`Examples::merge`]).
pub struct Examples {
    pools: Vec<Pool>,
    tests: Vec<TestEx>,
    pub calls: Vec<Call>,
    /// Paths explored (passing or not), over all tests.
    pub paths: u64,
    /// Tests set aside, and why.
    pub set_aside: Vec<(String, SetAside)>,
    /// Models the native runs ruled out where the recorded calls could
    /// not (the VM passes a test the native program fails with them).
    banned: Vec<(Shape, Vec<Term>)>,
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
    /// No path of this test passed, and some ended where the VM cannot
    /// tell the outcome ([`SetAside::Undecided`]).
    Undecided {
        test: String,
    },
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

/// The distinct calls recorded so far, and their index.
#[derive(Default)]
struct CallTable {
    calls: Vec<Call>,
    index: HashMap<Call, usize>,
}

impl CallTable {
    fn add(&mut self, call: Call) -> usize {
        *self.index.entry(call.clone()).or_insert_with(|| {
            self.calls.push(call);
            self.calls.len() - 1
        })
    }
}

/// One recorded path over the table's calls, or why its calls cannot be
/// recorded.
fn decode_path(
    pool: &Pool, p: PathSpec, table: &mut CallTable, nints: usize, nstrs: usize,
) -> Result<PathEx, &'static str> {
    let mut pc = Vec::new();
    for arr in p.apps {
        let Some(occ) = pool.so.occurrence(arr) else { continue };
        let mut args = Vec::with_capacity(occ.args.len());
        for &a in occ.args.iter() {
            let v = pool.as_const(a).ok_or("a call's input depends on an earlier result")?;
            args.push(v as u32 as i32 as i64);
        }
        let call = Call::decode(&args, nints, nstrs)
            .ok_or("a string argument longer than the recorder keeps (1000 characters)")?;
        pc.push((arr, table.add(call)));
    }
    Ok(PathEx { calls: pc, constraints: p.constraints })
}

/// Undecided tests of one recording recorded again with pinned values
/// forked: each may fork over its pins up to the fork budget, so their
/// number is bounded in work (a tool whose every listing prints widths
/// would otherwise spend the recording's time on them).
const RECORD_AGAIN: usize = 4;

/// Runs every test with the recorder in place of the function. A test
/// no path passes whatever the function returns, or whose calls cannot
/// be recorded, is set aside ([`Examples::set_aside`]); `Err` when no
/// test is left. The first [`RECORD_AGAIN`] tests left undecided (no
/// path passed, some ended on a value the VM pinned) are recorded again
/// with pinned values forked over their small values
/// ([`Limits::fork_on_pins`]): a field width the function's result gives
/// then passes at the value the test prints, and the other tests keep
/// the cost of KLEE's single value.
pub fn record(
    prog: &klee_ext::ir::Program, tests: &[&TestCase], nints: usize, nstrs: usize, limits: &Limits,
) -> Result<Result<Examples, NoExamples>, String> {
    let first = record_once(prog, tests, nints, nstrs, limits)?;
    if limits.fork_on_pins {
        return Ok(first);
    }
    let undecided: Vec<&TestCase> = match &first {
        Ok(ex) => tests
            .iter()
            .filter(|t| ex.set_aside.iter().any(|(n, why)| *n == t.name && matches!(why, SetAside::Undecided)))
            .copied()
            .collect(),
        Err(NoExamples::Undecided { .. }) => tests.to_vec(),
        Err(_) => Vec::new(),
    };
    let undecided: Vec<&TestCase> = undecided.into_iter().take(RECORD_AGAIN).collect();
    if undecided.is_empty() {
        return Ok(first);
    }
    let again = Limits { fork_on_pins: true, ..limits.clone() };
    let second = record_once(prog, &undecided, nints, nstrs, &again)?;
    Ok(match (first, second) {
        (Ok(mut ex), Ok(more)) => {
            // The second recording says what became of them.
            ex.set_aside
                .retain(|(n, why)| !(matches!(why, SetAside::Undecided) && undecided.iter().any(|t| t.name == *n)));
            Ok(ex.merge(more))
        }
        (Err(_), Ok(more)) => Ok(more),
        (first, Err(_)) => first,
    })
}

fn record_once(
    prog: &klee_ext::ir::Program, tests: &[&TestCase], nints: usize, nstrs: usize, limits: &Limits,
) -> Result<Result<Examples, NoExamples>, String> {
    let mut stats = InferStats::default();
    let holes = [(RECORD_VAR.to_string(), LangSpec::Int(1))];
    let keep_all = |_: &mut _, _: &mut Pool, r: &klee_ext::exec::PathReport| r.constraints.to_vec();
    let explored = explore_tests(prog, tests, &holes, Engine::Fo, limits, &mut stats, keep_all);
    let (pool, spec, failing) = match explored.map_err(|e| e.to_string())? {
        Explored::Paths(pool, spec, failing) => (pool, spec, failing),
        Explored::OutOfTime => return Ok(Err(NoExamples::OutOfTime)),
        Explored::NoPassingPath { test, cut } => return Ok(Err(NoExamples::NoPassingPath { test, cut })),
    };
    let mut table = CallTable::default();
    let mut out = Vec::new();
    let mut set_aside: Vec<(String, SetAside)> =
        stats.unpassed.iter().map(|(t, _)| (t.clone(), SetAside::Fails)).collect();
    set_aside.extend(stats.unreached.iter().map(|t| (t.clone(), SetAside::NotReached)));
    set_aside.extend(stats.undecided.iter().map(|t| (t.clone(), SetAside::Undecided)));
    let mut unsupported = None;
    for ((t, paths), failing) in tests.iter().zip(spec).zip(failing) {
        if paths.is_empty() {
            // No passing path: the test fails whatever FUNC returns
            // (listed already), or none was found within the fork budget;
            // then its failing paths alone are no evidence against a
            // candidate (the VM may fail it where the native program
            // passes), and it is set aside.
            if failing.is_some() && !stats.undecided.contains(&t.name) {
                set_aside.push((t.name.clone(), SetAside::NoPassWithinBudget));
            }
            continue;
        }
        let decoded: Result<(Vec<PathEx>, Option<Vec<PathEx>>), &'static str> = (|| {
            let ps =
                paths.into_iter().map(|p| decode_path(&pool, p, &mut table, nints, nstrs)).collect::<Result<_, _>>()?;
            let fs = match failing {
                Some(f) => Some(
                    f.into_iter().map(|p| decode_path(&pool, p, &mut table, nints, nstrs)).collect::<Result<_, _>>()?,
                ),
                None => None,
            };
            Ok((ps, fs))
        })();
        match decoded {
            Ok((paths, failing)) => out.push(TestEx { name: t.name.clone(), pool: 0, paths, failing }),
            Err(why) => {
                unsupported.get_or_insert_with(|| format!("test {}: {why}", t.name));
                set_aside.push((t.name.clone(), SetAside::Unsupported(why)));
            }
        }
    }
    if table.calls.is_empty() {
        if !stats.unreached.is_empty() {
            return Ok(Err(NoExamples::OutOfTime));
        }
        if let Some(why) = unsupported {
            return Ok(Err(NoExamples::Unsupported(why)));
        }
        if let Some((test, cut)) = stats.unpassed.first() {
            // Nothing to learn from: the first test set aside says why.
            return Ok(Err(NoExamples::NoPassingPath { test: test.clone(), cut: *cut }));
        }
        if let Some(test) = stats.undecided.first() {
            return Ok(Err(NoExamples::Undecided { test: test.clone() }));
        }
        return Ok(Err(NoExamples::NotCalled));
    }
    Ok(Ok(Examples {
        pools: vec![pool],
        tests: out,
        calls: table.calls,
        paths: stats.paths,
        set_aside,
        banned: Vec::new(),
    }))
}

impl Examples {
    /// These examples and `other`'s (another program's recording of the
    /// same function), as one set: its calls join the distinct calls, its
    /// tests follow these.
    pub fn merge(mut self, other: Examples) -> Examples {
        let index = self.calls.iter().cloned().enumerate().map(|(k, c)| (c, k)).collect();
        let mut table = CallTable { calls: std::mem::take(&mut self.calls), index };
        let remap: Vec<usize> = other.calls.into_iter().map(|c| table.add(c)).collect();
        self.calls = table.calls;
        let offset = self.pools.len();
        self.pools.extend(other.pools);
        for mut t in other.tests {
            t.pool += offset;
            for p in t.paths.iter_mut().chain(t.failing.iter_mut().flatten()) {
                for c in &mut p.calls {
                    c.1 = remap[c.1];
                }
            }
            self.tests.push(t);
        }
        self.paths += other.paths;
        self.set_aside.extend(other.set_aside);
        self.banned.extend(other.banned);
        self
    }

    /// Rules out `shape`'s model `terms` (one per hole).
    pub fn ban(&mut self, shape: Shape, terms: Vec<Term>) {
        self.banned.push((shape, terms));
    }

    /// Whether `shape`'s model `terms` was ruled out.
    pub fn is_banned(&self, shape: Shape, terms: &[&Term]) -> bool {
        self.banned
            .iter()
            .any(|(s, b)| *s == shape && b.len() == terms.len() && b.iter().zip(terms).all(|(x, y)| x == *y))
    }

    /// The tests the examples come from.
    pub fn test_count(&self) -> usize {
        self.tests.len()
    }

    /// Whether calls with these `results` (one per call, `None` where
    /// the candidate is undefined) pass every test; else the first test
    /// that fails. `order` is the order to try tests in (the last
    /// failing first); it is updated. `strict`: a test whose exploration
    /// was cut is passed only on one of its passing paths, not also
    /// outside every path seen.
    pub fn check(&self, results: &[Option<i64>], order: &mut Vec<usize>, strict: bool) -> Result<(), usize> {
        if order.len() != self.tests.len() {
            *order = (0..self.tests.len()).collect();
        }
        for k in 0..order.len() {
            let ti = order[k];
            let t = &self.tests[ti];
            let pool = &self.pools[t.pool];
            let passes = t.paths.iter().any(|p| path_holds(pool, p, results))
                || !strict
                    && t.failing.as_ref().is_some_and(|f| {
                        let defined =
                            f.iter().chain(&t.paths).all(|p| p.calls.iter().all(|&(_, k)| results[k].is_some()));
                        defined && !f.iter().any(|p| path_holds(pool, p, results))
                    });
            if !passes {
                order.remove(k);
                order.insert(0, ti);
                return Err(ti);
            }
        }
        Ok(())
    }

    /// Whether some test's exploration was cut, so that
    /// [`Examples::check`] may pass it outside the paths seen.
    pub fn has_cut_tests(&self) -> bool {
        self.tests.iter().any(|t| t.failing.is_some())
    }

    pub fn test_name(&self, i: usize) -> &str {
        &self.tests[i].name
    }
}

/// Whether the path's condition holds with these call results.
fn path_holds(pool: &Pool, p: &PathEx, results: &[Option<i64>]) -> bool {
    if p.calls.iter().any(|&(_, k)| results[k].is_none()) {
        return false;
    }
    let asg = Results { calls: &p.calls, results };
    let mut memo = Default::default();
    p.constraints.iter().all(|&c| pool.eval_memo(c, &asg, &mut memo) & 1 == 1)
}
