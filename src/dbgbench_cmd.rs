//! The `dbgbench` subcommand: the paper's repair experiment over subject
//! files (exit 0: every pair ran; 1: some pair ended in an error; 2: bad
//! arguments or subjects).

use clap::Args;
use dbgbench::run::{self, Options};
use dbgbench::subject::{Data, Subject};
use dbgbench::tables;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct DbgbenchArgs {
    /// Subject files, or folders of them (default: dbgbench/subjects).
    #[arg(long, num_args = 1.., value_name = "DIR|FILE")]
    subjects: Vec<PathBuf>,
    /// Only the subjects whose id starts with one of these (comma-separated).
    #[arg(long, value_name = "IDS")]
    only: Option<String>,
    /// Configurations, comma-separated: fo, so-cbs, so-pse.
    #[arg(long, default_value = "fo,so-cbs,so-pse")]
    configs: String,
    /// Path bound of each test's exploration (the paper's 400).
    #[arg(long, default_value_t = 400)]
    max_forks: u64,
    /// Time limit of one repair: seconds or with a unit (the paper's 10 min).
    #[arg(long, default_value = "600")]
    timeout: String,
    /// Pairs run in parallel on this machine.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Output folder: results.json, results.csv, results.md, runs/, work/.
    #[arg(long, default_value = "dbgbench-out")]
    out: PathBuf,
    /// The DbgBench data folder that `${DBGBENCH}` in subject files names
    /// (default: $SE2REPAIR_DBGBENCH, else ../shared/dbgbench).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The CoREBench data folder that `${COREBENCH}` in subject files
    /// names (default: $SE2REPAIR_COREBENCH, else ../shared/corebench).
    #[arg(long, value_name = "DIR")]
    corebench: Option<PathBuf>,
    /// Write one self-contained command per pair to FILE (for a Slurm
    /// array job or GNU parallel) instead of running them.
    #[arg(long, value_name = "FILE")]
    emit_jobs: Option<PathBuf>,
    /// Merge the results.json files below DIR (pairs run elsewhere) into
    /// the tables in --out, instead of running anything.
    #[arg(long, value_name = "DIR")]
    collect: Option<PathBuf>,
    /// Fig. 7c: run fo and so-pse on this subject at each bound of
    /// --fig7c-forks and draw fig7c.svg (exploration time and paths).
    #[arg(long, value_name = "ID")]
    fig7c: Option<String>,
    #[arg(long, default_value = "25,50,100,200,400", value_name = "N,N,...")]
    fig7c_forks: String,
    /// Check the subjects instead of repairing: the buggy program fails
    /// some test, the developer's fix passes every test and script, and
    /// which held-out inputs tell the two apart (builds the copies the
    /// runs reuse). Exit 1 if some subject is not a fair task.
    #[arg(long)]
    verify: bool,
}

pub fn main(a: DbgbenchArgs) -> ExitCode {
    match run_cmd(a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("se2repair: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn data_dir(a: &DbgbenchArgs) -> Data {
    let pick = |given: &Option<PathBuf>, var: &str, default: &str| {
        given.clone().or_else(|| std::env::var_os(var).map(PathBuf::from)).unwrap_or_else(|| PathBuf::from(default))
    };
    Data {
        dbgbench: pick(&a.data, "SE2REPAIR_DBGBENCH", "../shared/dbgbench"),
        corebench: pick(&a.corebench, "SE2REPAIR_COREBENCH", "../shared/corebench"),
    }
}

fn summary(rows: &[dbgbench::Row], out: &Path) -> ExitCode {
    for c in dbgbench::tables::configs(rows) {
        let of: Vec<_> = rows.iter().filter(|r| r.config == c).collect();
        if of.is_empty() {
            continue;
        }
        let n = |o: dbgbench::Outcome| of.iter().filter(|r| r.outcome == o).count();
        use dbgbench::Outcome::{Correct, Error, None as NoPatch, Plausible};
        println!(
            "{c}: {} patches ({} correct, {} plausible), {} none, {} errors",
            of.iter().filter(|r| r.outcome.patched()).count(),
            n(Correct),
            n(Plausible),
            n(NoPatch),
            n(Error)
        );
    }
    println!("tables in {}/results.md, results.csv, results.json", out.display());
    if rows.iter().any(|r| r.outcome == dbgbench::Outcome::Error) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_cmd(a: DbgbenchArgs) -> Result<ExitCode, String> {
    if let Some(dir) = &a.collect {
        let rows = tables::collect(dir)?;
        tables::write_all(&rows, &a.out)?;
        return Ok(summary(&rows, &a.out));
    }
    let data = data_dir(&a);
    let paths = if a.subjects.is_empty() { vec![PathBuf::from("dbgbench/subjects")] } else { a.subjects.clone() };
    let mut subjects = Subject::load_all(&paths, &data)?;
    if let Some(only) = &a.only {
        let ids: Vec<&str> = only.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        subjects.retain(|s| ids.iter().any(|i| s.id.starts_with(i)));
    }
    if subjects.is_empty() {
        return Err("no subjects selected".into());
    }
    let configs: Vec<String> = a.configs.split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
    for c in &configs {
        if run::parse_config(c).is_none() {
            return Err(format!("--configs: unknown configuration `{c}` (expected fo, so-cbs, so-pse, each optionally with /dfs: the paper's exhaustive search, and @K: K locations at once, 1 to 4)"));
        }
    }
    if a.jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    let timeout = crate::timespec::parse_time(&a.timeout)?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the se2repair executable: {e}"))?;
    let out = std::path::absolute(&a.out).map_err(|e| e.to_string())?;
    let opts = Options { configs, max_forks: a.max_forks, timeout, jobs: a.jobs, out: out.clone(), exe };
    if let Some(file) = &a.emit_jobs {
        let lines = run::emit_jobs(&subjects, &opts, &data);
        std::fs::write(file, lines.join("\n") + "\n").map_err(|e| format!("{}: {e}", file.display()))?;
        println!(
            "{} jobs written to {}; afterwards: se2repair dbgbench --collect {}/pairs --out {}",
            lines.len(),
            file.display(),
            out.display(),
            out.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if a.verify {
        let verdicts =
            dbgbench::verify::verify_all(&subjects, &out.join("work"), a.jobs, &|v| println!("{}", v.line()));
        let unfair = verdicts.iter().filter(|v| !v.fair()).count();
        println!("{} subjects: {} fair, {unfair} not", verdicts.len(), verdicts.len() - unfair);
        return Ok(if unfair == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    let progress = |m: &str| eprintln!("se2repair: {m}");
    if let Some(id) = &a.fig7c {
        let subject = subjects
            .iter()
            .find(|s| &s.id == id)
            .ok_or_else(|| format!("--fig7c: no subject `{id}` among the selected ones"))?;
        let forks: Vec<u64> = a
            .fig7c_forks
            .split(',')
            .map(|f| f.trim().parse::<u64>().map_err(|_| format!("--fig7c-forks: `{f}` is not a number")))
            .collect::<Result<_, _>>()?;
        let mut points = Vec::new();
        for &n in &forks {
            // The selected configurations (the paper plots fo and so-pse
            // with its exhaustive search: --configs fo/dfs,so-pse/dfs).
            for c in &opts.configs {
                let o = Options {
                    configs: vec![c.clone()],
                    max_forks: n,
                    out: out.join("fig7c").join(n.to_string()),
                    ..opts.clone()
                };
                let rows = run::run_all(std::slice::from_ref(subject), &o, &progress);
                points.extend(rows.into_iter().map(|r| (c.to_string(), n, r)));
            }
        }
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let rows: Vec<dbgbench::Row> =
            points.iter().map(|p| dbgbench::Row { config: format!("{}@{}", p.0, p.1), ..p.2.clone() }).collect();
        std::fs::write(out.join("fig7c.json"), serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
        dbgbench::plot::fig7c(&points, id, &out.join("fig7c.svg"))?;
        println!("fig7c.svg and fig7c.json in {}", out.display());
        return Ok(ExitCode::SUCCESS);
    }
    let rows = run::run_all(&subjects, &opts, &progress);
    tables::write_all(&rows, &out)?;
    Ok(summary(&rows, &out))
}
