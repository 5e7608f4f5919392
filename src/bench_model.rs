//! `se2repair bench --model-lib`: every bundled model-lib example: time
//! to the model, paths, second-order queries, the term, and the coverage
//! of tests generated in the three configurations (baseline, model, real)
//! replayed natively.

use repair::config::Project;
use repair::infer::Engine;
use repair::modellib::{self, gen, ModelOptions};
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
    for p in projects {
        let func = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let project = Project::load(&p).map_err(|e| e.to_string())?;
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
    Ok(())
}
