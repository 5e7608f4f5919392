//! `scripts/coreutils-tests/import.py` on a small suite written the way
//! coreutils writes its tests (`Coreutils.pm`'s test lists): what is
//! carried over (arguments, input files, a pipe, `<`, expected output,
//! error and status, `ENV`), what is skipped and why, and the native
//! check that keeps only tests the real program passes.

use std::path::Path;
use std::process::Command;

/// A stand-in for the suite's own modules: the importer loads the
/// suite's Coreutils.pm and replaces its `run_tests`.
const COREUTILS_PM: &str = r#"package Coreutils;
use strict;
use vars qw(@ISA @EXPORT);
use Exporter;
@ISA = qw(Exporter);
@EXPORT = qw(run_tests triple_test getlimits);
sub run_tests ($$$$$) { die "the suite's run_tests ran\n" }
sub triple_test($) { return @{$_[0]} }
sub getlimits() { return { INT_MAX => 2147483647 } }
1;
"#;

const TEST_FILE: &str = r#"use strict;
my $prog = 'upc';
@ENV{qw(LC_ALL)} = ('C');
my @Tests =
  (
   ['pipe', {IN_PIPE=>"ab\n"}, {OUT=>"AB\n"}],
   ['file', {IN=>"cd\n"}, {OUT=>"CD\n"}],
   ['named', {IN=>{'x.txt'=>"e"}}, {OUT=>"E"}],
   ['redirect', '<', {IN=>"fg"}, {OUT=>"FG"}],
   ['missing', 'no-file', {EXIT=>1}, {ERR=>"upc: no-file: cannot open\n"}],
   ['env', {ENV=>'UPC_PREFIX=>'}, {IN_PIPE=>"a"}, {OUT=>">A"}],
   ['quoted', "'a b'", {EXIT=>1}, {ERR=>"upc: a b: cannot open\n"}],
   ['pre', {PRE=>sub {1}}, {OUT=>""}],
   ['cmp', {CMP=>['x', {'y'=>undef}]}],
   ['shell', '$(echo hi)', {OUT=>""}],
   ['wrong', {IN_PIPE=>"a"}, {OUT=>"a"}],
  );
my $fail = run_tests ($prog, $prog, \@Tests, 0, 0);
exit $fail;
"#;

const UPC_C: &str = r#"#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
static void up(FILE *f) { int c; while ((c = getc(f)) != EOF) putchar(toupper(c)); }
int main(int argc, char **argv) {
  const char *p = getenv("UPC_PREFIX");
  if (p) fputs(p, stdout);
  if (argc < 2) up(stdin);
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "r");
    if (!f) { fprintf(stderr, "%s: %s: cannot open\n", argv[0], argv[i]); return 1; }
    up(f);
    fclose(f);
  }
  return 0;
}
"#;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_suites_tests_are_imported_with_their_files_and_the_rest_skipped_with_reasons() {
    let tmp = tempfile::tempdir().unwrap();
    let suite = tmp.path().join("pkg/tests");
    write(&suite.join("Coreutils.pm"), COREUTILS_PM);
    write(&suite.join("CuSkip.pm"), "package CuSkip;\nsub skip ($) { warn $_[0]; exit 77 }\n1;\n");
    write(&suite.join("CuTmpdir.pm"), "package CuTmpdir;\nsub import {}\n1;\n");
    write(&suite.join("misc/upc.pl"), TEST_FILE);
    write(&suite.join("misc/broken.pl"), "use strict;\nthis is not perl (\n");
    let bin = tmp.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    write(&tmp.path().join("upc.c"), UPC_C);
    let st = Command::new("gcc").arg(tmp.path().join("upc.c")).arg("-o").arg(bin.join("upc")).status().unwrap();
    assert!(st.success());
    let out = tmp.path().join("out");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/coreutils-tests/import.py");
    let o = Command::new("python3")
        .arg(&script)
        .args(["--suite", suite.to_str().unwrap(), "--tools", "upc", "--bin", bin.to_str().unwrap()])
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "{text}");
    assert!(text.contains("upc: 7 imported from 1 file(s)"), "{text}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("import.json")).unwrap()).unwrap();
    let skipped = &report["tools"]["upc"]["skipped"];
    assert_eq!(skipped["Perl code run before the command (PRE)"], 1, "{report}");
    assert_eq!(skipped["compares a file the command writes (CMP)"], 1, "{report}");
    assert_eq!(skipped["shell syntax in the arguments"], 1, "{report}");
    assert_eq!(skipped["fails natively (stdout)"], 1, "{report}");
    // A test file perl cannot run is one line of the report.
    assert!(
        report["unread_files"]["misc/broken.pl"].as_str().is_some_and(|w| w.starts_with("perl failed")),
        "{report}"
    );

    // The tests as se2repair reads them.
    let yaml = std::fs::read_to_string(out.join("upc.yaml")).unwrap();
    let project = tmp.path().join("project");
    write(&project.join("se2repair.yaml"), &format!("sources: [upc.c]\n{yaml}"));
    std::fs::copy(tmp.path().join("upc.c"), project.join("upc.c")).unwrap();
    let p = repair::config::Project::load(&project).unwrap();
    assert_eq!(p.tests.len(), 7);
    let by_name = |n: &str| p.tests.iter().find(|t| t.name == n).unwrap_or_else(|| panic!("no test {n}: {yaml}"));
    let file = by_name("upc.file");
    assert_eq!(file.args, ["file.1"]);
    assert_eq!(file.setup.as_deref(), Some("printf 'cd\\012' > file.1"));
    assert_eq!(by_name("upc.redirect").stdin, b"fg");
    assert!(by_name("upc.redirect").args.is_empty());
    assert_eq!(by_name("upc.named").args, ["x.txt"]);
    assert_eq!(by_name("upc.quoted").args, ["a b"]);
    let env = &by_name("upc.env").env;
    assert!(
        env.contains(&("UPC_PREFIX".into(), ">".into())) && env.contains(&("LC_ALL".into(), "C".into())),
        "{env:?}"
    );
    // The program may print its name as a path; another file name fails.
    let missing = by_name("upc.missing");
    assert_eq!(missing.exit, Some(1));
    assert!(repair::native::judge(missing, b"", b"/some/path/upc: no-file: cannot open\n", Some(1)));
    assert!(!repair::native::judge(missing, b"", b"upc: other: cannot open\n", Some(1)));
    assert!(!repair::native::judge(missing, b"x", b"upc: no-file: cannot open\n", Some(1)));
}
