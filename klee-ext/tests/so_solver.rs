//! The second-order backend without the VM: unsat proofs in both
//! encodings, decoding, exactly-one variants, whole specifications.

use klee_ext::expr::{ArrayId, CmpOp, ExprId, ExprPool};
use klee_ext::so::Pool;
use klee_ext::so::{sygus, LangSpec, Op, Value};
use klee_ext::so::{Encoding, Term};
use klee_ext::solver::z3_so::{SoConfig, SoSolver};
use klee_ext::solver::z3_terms::ExactlyOne;
use klee_ext::solver::Sat;
use klee_ext::spec::{self, PathSpec, SpecOptions};

const LINEAR: &str = "(synth-fun rho ((i Int) (x Int)) Int ((Start Int)) ((Start Int (i x (Constant Int) (+ Start Start) (- Start Start)))))";

/// A pool with `rho` in the linear language at `depth`, applied to
/// (i, 4) for i in 0..n; returns the applications' values.
fn setup(depth: usize, n: i64, linked: bool) -> (Pool, Vec<ArrayId>, Vec<ExprId>) {
    let mut pool = Pool::new();
    let mut lang = sygus::parse_synth_fun(LINEAR, None).expect("parses");
    lang.depth = depth;
    pool.so.specs.insert("rho".into(), LangSpec::File { path: "linear.sy".into(), lang: Box::new(lang) });
    let v = pool.so_declare("rho", 2).expect("declares");
    let mut arrs = Vec::new();
    let mut vals = Vec::new();
    for i in 0..n {
        let args = vec![pool.constant(32, i as u64), pool.constant(32, 4)];
        let (a, val) = pool.so_occurrence(v, args, linked);
        arrs.push(a);
        vals.push(val);
    }
    (pool, arrs, vals)
}

fn positive(pool: &mut Pool, v: ExprId, yes: bool) -> ExprId {
    let zero = pool.constant(32, 0);
    let c = pool.cmp(CmpOp::Slt, zero, v);
    if yes {
        c
    } else {
        pool.not(c)
    }
}

#[test]
fn both_encodings_prove_two_sign_changes_unsat_and_decode_one() {
    for (enc, depth) in [(Encoding::Pse, 3), (Encoding::Pse, 2), (Encoding::Cbs, 2)] {
        let (mut pool, arrs, vals) = setup(depth, 3, true);
        let mut so = SoSolver::new(SoConfig { encoding: enc, ..SoConfig::default() });
        let twice: Vec<ExprId> =
            [true, false, true].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
        assert!(
            matches!(so.check(&pool, &twice, ExprPool::TRUE), Sat::Unsat),
            "{enc:?} depth {depth}: + - + is not linear"
        );
        let once: Vec<ExprId> =
            [true, true, false].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
        match so.check(&pool, &once, ExprPool::TRUE) {
            Sat::Sat(m) => {
                let t = m.terms.values().next().expect("an interpretation");
                let signs: Vec<bool> =
                    (0..3).map(|i| matches!(t.eval(&[i, 4]), Some(Value::Int(v)) if v > 0)).collect();
                assert_eq!(signs, [true, true, false], "{enc:?}: {t:?}");
                // The model's application bytes are the term's values.
                for (i, a) in arrs.iter().enumerate() {
                    let v = pool.eval(pool.so.occurrence(*a).unwrap().value, &m) as u32 as i32 as i64;
                    assert_eq!(Some(Value::Int(v)), t.eval(&[i as i64, 4]));
                }
            }
            other => panic!("{enc:?}: expected sat, got {other:?}"),
        }
    }
}

#[test]
fn exactly_one_encodings_agree() {
    for one in [ExactlyOne::PbEq, ExactlyOne::SortingNetwork] {
        let (mut pool, _, vals) = setup(3, 4, true);
        let mut so = SoSolver::new(SoConfig { exactly_one: one, ..SoConfig::default() });
        let c: Vec<ExprId> =
            [false, true, false, true].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
        assert!(matches!(so.check(&pool, &c, ExprPool::TRUE), Sat::Unsat), "{one:?}");
        let c: Vec<ExprId> =
            [false, false, true, true].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
        assert!(matches!(so.check(&pool, &c, ExprPool::TRUE), Sat::Sat(_)), "{one:?}");
    }
}

#[test]
fn whole_specifications_prefer_the_closest_term() {
    // First-order holes, as the fo exploration leaves them: test A (x = 4)
    // passes on the path + + + -, test B on - + + + or + + + -.
    let (mut pool, arrs, vals) = setup(3, 4, false);
    let a: Vec<ExprId> =
        [true, true, true, false].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
    let b: Vec<ExprId> =
        [false, true, true, true].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
    let path = |c: Vec<ExprId>| PathSpec { constraints: c, apps: arrs.clone() };
    let tests = vec![vec![path(a.clone())], vec![path(b), path(a)]];
    let v = pool.so.find("rho").unwrap();
    // Original: x - i (positive on 0..3, so failing the test); the
    // preferred fix keeps all of it but one leaf (3 - i, x - (i + 1)).
    let orig = Term::App(Op::Sub, vec![Term::Var(1), Term::Var(0)]);
    let sols =
        spec::solve(&pool, &tests, &[(v, orig.clone())], &SpecOptions { solutions: 3, ..SpecOptions::default() })
            .expect("solves");
    let interp = &sols.first().expect("a term exists").interp;
    let t = &interp[&v];
    let signs: Vec<bool> = (0..4).map(|i| matches!(t.eval(&[i, 4]), Some(Value::Int(x)) if x > 0)).collect();
    assert_eq!(signs, [true, true, true, false], "{t:?}");
    let close = matches!(&**t, Term::App(Op::Sub, k) if k[0] == Term::Var(1) || k[1] == Term::Var(0));
    assert!(close, "not the closest term: {}", t.to_c(&["i".into(), "x".into()]));
    // No term passes + - + -.
    let bad: Vec<ExprId> =
        [true, false, true, false].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
    // The next solutions are other terms, no closer than the first.
    assert!(
        sols.len() > 1 && sols.windows(2).all(|w| w[0].cost <= w[1].cost && w[0].interp[&v] != w[1].interp[&v]),
        "{:?}",
        sols.iter().map(|s| s.cost).collect::<Vec<_>>()
    );
    assert!(spec::solve(&pool, &[vec![path(bad)]], &[], &SpecOptions::default()).expect("solves").is_empty());
    // The solves' Z3 steps are counted; a budget below what the first
    // check takes gives up, whatever the time.
    let opts = SpecOptions { solutions: 3, ..SpecOptions::default() };
    spec::solve(&pool, &tests, &[(v, orig.clone())], &opts).expect("solves");
    let taken = opts.steps.load(std::sync::atomic::Ordering::Relaxed);
    assert!(taken > 0);
    let short = SpecOptions { solutions: 3, budget: Some(taken / 100), ..SpecOptions::default() };
    let e = spec::solve(&pool, &tests, &[(v, orig)], &short).expect_err("out of steps");
    assert!(e.contains("step"), "{e}");
}

#[test]
fn a_query_is_counted_in_z3_steps_and_bounded_by_them() {
    let (mut pool, _, vals) = setup(3, 3, true);
    let twice: Vec<ExprId> = [true, false, true].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
    // Counted: each query adds its steps, whatever the machine's load.
    let steps = klee_ext::solver::Steps::default();
    let mut so =
        SoSolver::new(SoConfig { rlimit: Some(50_000_000), ..SoConfig::default() }).counting_steps(steps.clone());
    assert!(matches!(so.check(&pool, &twice, ExprPool::TRUE), Sat::Unsat));
    let one = steps.get();
    assert!(one > 0, "proving + - + not linear takes Z3 steps");
    let once: Vec<ExprId> = [true, true, false].iter().zip(&vals).map(|(&s, &v)| positive(&mut pool, v, s)).collect();
    assert!(matches!(so.check(&pool, &once, ExprPool::TRUE), Sat::Sat(_)));
    assert!(steps.get() > one, "a second query adds its own steps");
    // Bounded: with fewer steps than the proof needs, the answer is
    // unknown, not a wrong one, and no time limit is involved.
    let mut tight = SoSolver::new(SoConfig { rlimit: Some((one / 4).max(1) as u32), ..SoConfig::default() });
    assert!(matches!(tight.check(&pool, &twice, ExprPool::TRUE), Sat::Unknown(_)));
}
