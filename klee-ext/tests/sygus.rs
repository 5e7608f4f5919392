//! SyGuS-IF grammars: parsing, round trips, errors with line numbers.

use klee_ext::so::sygus::parse_synth_fun;
use klee_ext::so::Sort;

const LINEAR: &str = "(set-logic LIA)\n; the paper's linear language\n(synth-fun rho ((i Int) (x Int)) Int\n  ((Start Int))\n  ((Start Int (i x (Constant Int) (+ Start Start) (- Start Start)))))\n(check-synth)\n";

#[test]
fn parses_the_linear_language() {
    let l = parse_synth_fun(LINEAR, None).expect("parses");
    assert_eq!(l.params, vec!["i", "x"]);
    assert_eq!(l.result, Sort::Int);
    assert_eq!(l.rules.len(), 5);
    assert_eq!(l.max_arity(), 2);
}

#[test]
fn round_trips() {
    let v1 = "(synth-fun f ((a Int) (b Int)) Bool ((B Bool ((> I I) (and B B) (not B) true)) (I Int (a b 0 (- 3) (+ I 1) (Variable Int)))))";
    for text in [LINEAR, v1] {
        let l = parse_synth_fun(text, None).expect("parses");
        let printed = l.to_sygus();
        let again = parse_synth_fun(&printed, None).unwrap_or_else(|e| panic!("reparse of\n{printed}\nfailed: {e}"));
        assert_eq!(l, again, "{printed}");
    }
}

#[test]
fn rejects_malformed_input_with_line_numbers() {
    let cases = [
        ("(synth-fun f ((x Int)) Int\n((Start Int (x (div Start Start)))))", "2: unsupported operator `div`"),
        ("(synth-fun f ((x Int)) Int\n((Start Int (x y))))", "2: unknown symbol `y`"),
        ("(synth-fun f ((x Int)) Int\n\n((Start Int (x))", "1: `(` is never closed"),
        ("(set-logic LIA)\n(define-fun g ((x Int)) Int x)", "2: unsupported command `define-fun`"),
        ("(synth-fun f ((x Real)) Int ((Start Int (x))))", "1: unsupported sort `Real`"),
        ("(set-logic LIA))", "1: unbalanced `)`"),
        ("(check-synth)", "1: no synth-fun"),
    ];
    for (text, want) in cases {
        let e = parse_synth_fun(text, None).expect_err(text);
        assert!(e.starts_with(want), "{text}: got `{e}`, want `{want}`");
    }
}
