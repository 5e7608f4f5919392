//! `se2repair bench --model-lib`: every bundled model-lib example: time
//! to the model, paths, second-order queries, the term, and the coverage
//! of tests generated in the three configurations (baseline, model, real)
//! replayed natively; then every example once alone and once two jobs at
//! a time (two `model-lib` processes on the machine's cores), with the
//! model each gets: budgets are work, so the two must agree.
//!
//! A folder `FUNC.VARIANT` models FUNC.

use repair::config::Project;
use repair::modellib::{self, gen, ModelOptions};
use repair::search::Engine;
use std::path::Path;
use std::time::Duration;

pub fn main(dir: &Path, gen_time: Duration) -> Result<(), String> {
    let mut projects: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("se2repair.yaml").is_file())
        .collect();
    projects.sort();
    println!(
        "| function | sketch | time to model (s) | paths | so queries | term | coverage baseline | model | real |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for p in &projects {
        let func = func_of(p);
        let project = Project::load(p).map_err(|e| e.to_string())?;
        let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
        let opts = ModelOptions {
            func: func.clone(),
            sketch: None,
            lang: Vec::new(),
            out: Some(tmp.path().join(format!("{func}.c"))),
            engine: Engine::SoPse,
            timeout: Duration::from_secs(120),
            max_forks: 2000,
            test_timeout: Duration::from_secs(5),
            pool: Vec::new(),
        };
        let job = modellib::prepare(&project, &func, None)?;
        let r = modellib::model(&job, &opts, std::time::Instant::now())?;
        let cov = match &r.model_file {
            Some(f) => {
                let g = gen::generate(
                    &job,
                    f,
                    &gen::GenOptions { max_time: gen_time, test_timeout: Duration::from_secs(5) },
                )?;
                g.rows
                    .iter()
                    .map(|row| format!("{:.1}% ({} tests)", row.coverage, row.tests))
                    .collect::<Vec<_>>()
                    .join(" | ")
            }
            None => "- | - | -".into(),
        };
        let term = if r.terms.is_empty() {
            format!("none: {}", r.reason.clone().unwrap_or_default())
        } else {
            r.terms.join("; ")
        };
        println!("| {func} | {} | {:.1} | {} | {} | `{term}` | {cov} |", r.sketch, r.time_s, r.paths, r.so_queries);
    }
    load_table(&projects)
}

/// FUNC of a project folder `FUNC` or `FUNC.VARIANT`.
fn func_of(p: &Path) -> String {
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    name.split('.').next().unwrap_or_default().to_string()
}

/// One `model-lib` process's report on project `p`.
fn spawn(p: &Path, out: &Path) -> Result<klee_ext::procs::Child, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    klee_ext::procs::spawn(
        std::process::Command::new(exe)
            .arg("model-lib")
            .arg(func_of(p))
            .arg(p)
            .args(["--json", "--timeout", "120", "--out"])
            .arg(out.join(format!("{}.c", func_of(p))))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null()),
    )
    .map_err(|e| format!("cannot start model-lib: {e}"))
}

/// (terms, candidates, time) of a finished `model-lib` process.
fn outcome(c: klee_ext::procs::Child) -> Result<(String, u64, f64), String> {
    let o = c.wait_with_output().map_err(|e| e.to_string())?;
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    let terms = match v["terms"].as_array() {
        Some(t) if !t.is_empty() => t.iter().filter_map(|x| x.as_str()).collect::<Vec<_>>().join("; "),
        _ => format!("none: {}", v["reason"].as_str().unwrap_or("no report")),
    };
    Ok((terms, v["candidates"].as_u64().unwrap_or(0), v["time_s"].as_f64().unwrap_or(0.0)))
}

/// Every project alone, then two at a time: the same model either way.
fn load_table(projects: &[std::path::PathBuf]) -> Result<(), String> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut alone = Vec::new();
    for (i, p) in projects.iter().enumerate() {
        let out = tmp.path().join(format!("alone{i}"));
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        alone.push(outcome(spawn(p, &out)?)?);
    }
    let mut paired = Vec::new();
    for (k, pair) in projects.chunks(2).enumerate() {
        let mut kids = Vec::new();
        for (j, p) in pair.iter().enumerate() {
            let out = tmp.path().join(format!("pair{k}-{j}"));
            std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
            kids.push(spawn(p, &out)?);
        }
        for c in kids {
            paired.push(outcome(c)?);
        }
    }
    println!("\n| project | alone: time (s) | candidates | two jobs: time (s) | candidates | same model |");
    println!("|---|---|---|---|---|---|");
    let mut same = 0;
    for ((p, a), b) in projects.iter().zip(&alone).zip(&paired) {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let eq = a.0 == b.0 && a.1 == b.1;
        same += eq as usize;
        println!("| {name} | {:.1} | {} | {:.1} | {} | {} |", a.2, a.1, b.2, b.1, if eq { "yes" } else { "NO" });
    }
    println!("\n{same} of {} projects get the same model alone and two at a time.", projects.len());
    Ok(())
}
