//! The `fix` subcommand: arguments, progress display and exit codes
//! (0 patch found, 1 no patch within the budget, 2 error).

use clap::Args;
use repair::fix::{self, CliOverrides, FixOptions, Progress};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FixArgs {
    /// The project folder (with se2repair.yaml).
    project: PathBuf,
    /// so-pse (default), so-cbs, or fo (the first-order baseline).
    #[arg(long)]
    engine: Option<String>,
    /// How each test's paths are explored at a site: deviation (default;
    /// the original's path first, then paths by how many evaluations of
    /// the hole deviate from the original, the specification growing as
    /// candidates fail) or dfs (every path of every test, then one
    /// solve).
    #[arg(long, value_name = "ORDER")]
    search: Option<String>,
    /// Fork budget of each test's exploration (default 500; with the
    /// deviation search, of each run of a test).
    #[arg(long, value_name = "N")]
    max_forks: Option<u64>,
    /// Path bound of each test's exploration at one site under the
    /// deviation search, over all its runs (default: none but time; the
    /// paper's experiment uses 400).
    #[arg(long, value_name = "N")]
    max_paths: Option<u64>,
    /// Time limit of the whole repair: seconds or with a unit (default 300s).
    /// A site's search is bounded by work (`--max-site-runs`,
    /// `--max-site-instructions`), not by time; once a patch is in hand,
    /// the last 15% is left to the choice among the patches.
    #[arg(long, value_name = "TIME")]
    timeout: Option<String>,
    /// Time limit of one native test run (default 5s).
    #[arg(long, value_name = "TIME")]
    test_timeout: Option<String>,
    /// Try this many most suspicious statements (default 10; the edits
    /// one relabel or removal away, three times as many).
    #[arg(long, value_name = "N")]
    locations: Option<usize>,
    /// Repair K locations at once: K holes, one second-order variable
    /// each, explored together (default: 1, then 2 when one location
    /// gives no patch; 1: never several).
    #[arg(long, value_name = "K")]
    locations_at_once: Option<usize>,
    /// Work budget of a search at several locations: paths explored
    /// (default 3000).
    #[arg(long, value_name = "N")]
    max_set_paths: Option<u64>,
    /// Work budget of one site's search: runs of its tests' schedules (a
    /// run that forks counts each of its paths) in the full pass (default 1600; an eighth in the quick pass); the VM's
    /// feasibility checks at the site may take 20000 Z3 steps per run of it.
    #[arg(long, value_name = "N")]
    max_site_runs: Option<u64>,
    /// Work budget of one site in the full pass: VM instructions of its
    /// runs, summed over its tests (default 800000000; an eighth in the
    /// quick and relabel passes).
    #[arg(long, value_name = "N")]
    max_site_instructions: Option<u64>,
    /// Repair only at this source line (FILE:LINE, FILE relative to the
    /// project folder); repeatable. Default: the most suspicious
    /// statements by fault localization.
    #[arg(long, value_name = "FILE:LINE")]
    location: Vec<String>,
    /// Variables a hole may read (default 4).
    #[arg(long, value_name = "N")]
    vars: Option<usize>,
    /// Language of a hole: cond=SPEC (conditions, guards; default bool:3)
    /// or rhs=SPEC (right-hand sides; default int:3); SPEC as for `run`.
    #[arg(long, value_name = "NAME=SPEC")]
    so_lang: Vec<String>,
    /// List every distinct validated patch found within the budget.
    #[arg(long)]
    all: bool,
    /// Write the (first) validated patch into the sources.
    #[arg(long)]
    apply: bool,
    /// Where to write patch.diff and report.json (default PROJECT/se2repair-out).
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Draw the symbolic execution tree of the first failing test with the
    /// hole at the first site tried into FILE.svg.
    #[arg(long, value_name = "FILE.svg")]
    tree: Option<PathBuf>,
    /// Instructions one path may run at a site (default 20000000): a
    /// hole can make a loop endless.
    #[arg(long, value_name = "N")]
    max_path_instructions: Option<u64>,
    /// Instructions of one test's exploration at a site (default 200000000).
    #[arg(long, value_name = "N")]
    max_instructions: Option<u64>,
    /// Time limit of one solver query (default 2s).
    #[arg(long, value_name = "TIME")]
    max_solver_time: Option<String>,
    /// Print the report as JSON on stdout instead of the summary.
    #[arg(long)]
    json: bool,
    /// When the tests leave the choice open, ask on the terminal which
    /// output is right on an input that tells the patches apart; each
    /// answer becomes a test (written to se2repair.yaml with --apply).
    #[arg(long)]
    ask: bool,
    /// Answer those questions with CMD instead: run by `sh -c` with the
    /// input's arguments and stdin, it prints the right output (a
    /// reference program, a judge).
    #[arg(long, value_name = "CMD")]
    oracle: Option<String>,
    /// At most N questions (default 3).
    #[arg(long, value_name = "N")]
    questions: Option<usize>,
}

#[derive(Args)]
pub struct AddTestArgs {
    /// The project folder (with se2repair.yaml).
    project: PathBuf,
    /// A file with a `tests:` list: a question `fix` wrote
    /// (se2repair-out/question-N.yaml), its `stdout` edited if need be.
    file: PathBuf,
}

/// `se2repair add-test`: adds the tests of a file to the project's
/// se2repair.yaml (in place, checked by reading it back, atomically).
pub fn add_test(a: AddTestArgs) -> ExitCode {
    let run = || -> Result<Vec<String>, String> {
        let tests = repair::config::load_tests_file(&a.project, &a.file).map_err(|e| e.to_string())?;
        if tests.is_empty() {
            return Err(format!("{}: no tests", a.file.display()));
        }
        let refs: Vec<&repair::config::TestCase> = tests.iter().collect();
        repair::config::append_tests(&a.project, &refs).map_err(|e| e.to_string())
    };
    match run() {
        Ok(names) => {
            println!("added to {}: {}", a.project.join(repair::config::PROJECT_FILE).display(), names.join(", "));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("se2repair: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// A spinner on a terminal; plain lines otherwise.
struct Display {
    bar: Option<indicatif::ProgressBar>,
    quiet: bool,
}

impl Progress for Display {
    fn ask(&mut self, q: &fix::Ask) -> fix::Answer {
        let suspended = |f: &mut dyn FnMut() -> fix::Answer| match &self.bar {
            Some(b) => b.suspend(f),
            None => f(),
        };
        suspended(&mut || ask_on_terminal(q))
    }
    fn message(&mut self, line: &str) {
        match &self.bar {
            Some(b) => b.println(format!("se2repair: {line}")),
            None if !self.quiet => eprintln!("se2repair: {line}"),
            None => {}
        }
    }
    fn status(&mut self, line: &str) {
        if let Some(b) = &self.bar {
            b.set_message(line.to_string());
        }
    }
}

/// Shows the input and each behaviour's output on stderr and reads the
/// answer from stdin: a number picks that output, `o` types the right
/// output (ended by a line with a single `.`), an empty line skips.
fn ask_on_terminal(q: &fix::Ask) -> fix::Answer {
    use std::io::BufRead;
    let t = &q.input.test;
    match q.kind {
        fix::QuestionKind::TellApart => eprintln!("\nThe tests leave this input open ({}):", q.input.what),
        fix::QuestionKind::Confirm => {
            eprintln!("\nThe chosen patch departs from the original program on this input ({}):", q.input.what)
        }
    }
    if !t.args.is_empty() {
        eprintln!("  arguments: {:?}", t.args);
    }
    if !t.stdin.is_empty() {
        eprintln!("  stdin: {:?}", String::from_utf8_lossy(&t.stdin));
    }
    let printed = |o: &fix::Observed| String::from_utf8_lossy(&o.stdout).into_owned();
    for (i, o) in q.runs.iter().enumerate() {
        let who = match (i, q.kind) {
            (0, _) => "the chosen patch",
            (_, fix::QuestionKind::Confirm) => "the original program",
            _ => "another patch",
        };
        let end = if o.end == fix::End::Exit(0) { String::new() } else { format!(" ({})", o.end) };
        eprintln!("  [{}] {who} prints {:?}{end}", i + 1, printed(o));
    }
    eprint!("Which is right? (number, o to type the output, Enter to skip) ");
    let stdin = std::io::stdin();
    let mut line = String::new();
    if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
        return fix::Answer::Unanswered("no answer (end of input)".into());
    }
    let line = line.trim();
    if line.is_empty() {
        return fix::Answer::Unanswered("skipped".into());
    }
    if let Some(o) = line.parse::<usize>().ok().and_then(|n| q.runs.get(n.wrapping_sub(1))) {
        return fix::Answer::Output(printed(o));
    }
    if line == "o" {
        eprintln!("Type the right output; end with a line holding a single `.`:");
        let mut out = String::new();
        for l in stdin.lock().lines() {
            let Ok(l) = l else { break };
            if l == "." {
                return fix::Answer::Output(out);
            }
            out.push_str(&l);
            out.push('\n');
        }
        return fix::Answer::Unanswered("no answer (end of input)".into());
    }
    fix::Answer::Unanswered(format!("not an answer: {line:?}"))
}

fn secs(s: &Option<String>) -> Result<Option<std::time::Duration>, String> {
    s.as_deref().map(crate::timespec::parse_time).transpose()
}

pub fn main(a: FixArgs) -> ExitCode {
    match run(a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("se2repair: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(a: FixArgs) -> Result<ExitCode, String> {
    let project = repair::config::Project::load(&a.project).map_err(|e| e.to_string())?;
    if let Some(c) = &project.options.clang {
        klee_ext::compile::set_clang_default(c.into());
    }
    // A compiler that is not there is refused before anything is created.
    klee_ext::compile::compiler().map_err(|e| e.to_string())?;
    let cli = CliOverrides {
        engine: a.engine.clone(),
        search: a.search.clone(),
        max_forks: a.max_forks,
        max_paths: a.max_paths,
        timeout: secs(&a.timeout)?,
        test_timeout: secs(&a.test_timeout)?,
        locations: a.locations,
        locations_at_once: a.locations_at_once,
        max_set_paths: a.max_set_paths,
        max_site_runs: a.max_site_runs,
        max_site_instructions: a.max_site_instructions,
        at: a.location.clone(),
        vars: a.vars,
        so_lang: a.so_lang.clone(),
        all: a.all,
        apply: a.apply,
        output_dir: a.output_dir.clone(),
        tree: a.tree.clone(),
        max_path_instructions: a.max_path_instructions,
        max_instructions: a.max_instructions,
        query_timeout: secs(&a.max_solver_time)?,
        oracle: a.oracle.clone(),
        ask: a.ask,
        questions: a.questions,
    };
    // Questions on the terminal need one.
    if a.ask && !(std::io::stdin().is_terminal() && std::io::stderr().is_terminal()) {
        return Err("--ask needs a terminal (stdin and stderr); for batch use, answer with --oracle CMD".into());
    }
    let opts = FixOptions::resolve(&project, &cli)?;
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        b.enable_steady_tick(std::time::Duration::from_millis(120));
        b
    });
    let mut display = Display { bar, quiet: false };
    let result = fix::fix(&project, &opts, &mut display);
    if let Some(b) = &display.bar {
        b.finish_and_clear();
    }
    let report = result.map_err(|e| e.to_string())?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?);
    } else {
        print!("{}", fix::summary(&report));
    }
    Ok(if report.status == repair::fix::Status::Patched { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
