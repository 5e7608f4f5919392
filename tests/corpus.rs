//! The C corpus: every `tests/corpus/*.c` is compiled natively with clang
//! and run, then run through `se2repair run`; stdout and exit status must
//! be identical (the concrete contract). Directives at the top of a file:
//! `// ARGS: a b` (several such lines: one run each), `// STDIN: text`
//! (or a sibling `NAME.stdin`), `// CFLAGS: -O1`. All mismatches are
//! reported at once.

mod common;

use common::{clang, corpus_files, directives, run_native, run_vm};

#[test]
fn corpus_matches_native_execution() {
    let files = corpus_files("tests/corpus");
    assert!(files.len() >= 60, "the corpus has only {} programs", files.len());
    let clang = clang();
    let tmp = tempfile::tempdir().unwrap();
    let runs: Vec<(std::path::PathBuf, common::Directives)> = files
        .iter()
        .flat_map(|f| {
            let d = directives(f);
            d.arg_sets.clone().into_iter().map(move |args| (f.clone(), common::Directives { args, ..d.clone() }))
        })
        .collect();
    let failures: Vec<String> = common::parallel_map(&runs, |(f, d)| {
        let (f, d) = (f.as_path(), d.clone());
        let native = match run_native(&clang, f, &d, tmp.path()) {
            Ok(n) => n,
            Err(e) => return Some(format!("{}: native build failed: {e}", f.display())),
        };
        let vm = run_vm(f, &d, &["--max-time", "60"]);
        if vm.stdout != native.stdout || vm.code != native.code {
            let diff_at = vm.stdout.iter().zip(&native.stdout).position(|(a, b)| a != b).unwrap_or(vm.stdout.len().min(native.stdout.len()));
            return Some(format!(
                "{} {:?}: native exit {:?} vs vm exit {:?}; stdout differs at byte {} (native {} bytes, vm {} bytes)\n  native: {:?}\n  vm:     {:?}\n  vm stderr: {}",
                f.display(),
                d.args,
                native.code,
                vm.code,
                diff_at,
                native.stdout.len(),
                vm.stdout.len(),
                String::from_utf8_lossy(&native.stdout[diff_at.saturating_sub(40).min(native.stdout.len())..(diff_at + 80).min(native.stdout.len())]),
                String::from_utf8_lossy(&vm.stdout[diff_at.saturating_sub(40).min(vm.stdout.len())..(diff_at + 80).min(vm.stdout.len())]),
                String::from_utf8_lossy(&vm.stderr).lines().filter(|l| !l.contains("WARNING")).take(6).collect::<Vec<_>>().join("\n    ")
            ));
        }
        None
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus programs differ from native execution:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
