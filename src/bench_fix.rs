//! `se2repair bench --fix`: every bundled repair project under each engine
//! (`fo`, `so-cbs`, `so-pse`): the patch, whether it is correct on the
//! project's held-out inputs (`heldout.yaml`: correct / plausible / none),
//! time to the first validated patch, wall time, paths explored per test,
//! second-order queries and their median time. An engine may name its
//! search: `so-pse/dfs`, `fo/deviation` (default: deviation), and the
//! locations searched at once: `fo@2` (`--locations-at-once 2`).

use repair::config::Project;
use repair::fix::{self, CliOverrides, FixOptions, Progress};
use std::path::{Path, PathBuf};
use std::time::Duration;

struct Quiet;

impl Progress for Quiet {
    fn message(&mut self, _line: &str) {}
}

fn projects(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.join("se2repair.yaml").is_file()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

pub fn main(dir: &Path, timeout: Duration, engines: &[String]) -> Result<(), String> {
    let list = projects(dir);
    if list.is_empty() {
        return Err(format!("no projects (folders with se2repair.yaml) in {}", dir.display()));
    }
    println!("Repair of the bundled projects (time limit {} s each):\n", timeout.as_secs());
    let mut head = String::from("| project |");
    let mut rule = String::from("|---|");
    for e in engines {
        head.push_str(&format!(
            " {e} patch | verdict | first patch s | s | paths/test | SO queries | median query ms |"
        ));
        rule.push_str("---|---|---|---|---|---|---|");
    }
    println!("{head}\n{rule}");
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); engines.len()];
    let mut found = vec![0usize; engines.len()];
    // Per engine: correct, plausible, none.
    let mut verdicts = vec![[0usize; 3]; engines.len()];
    for p in &list {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut row = format!("| {name} |");
        for (k, e) in engines.iter().enumerate() {
            let out = tempfile::tempdir().map_err(|e| e.to_string())?;
            let project = Project::load(p).map_err(|e| e.to_string())?;
            let heldout = repair::config::load_heldout(p).map_err(|e| e.to_string())?;
            let (e, at_once) = match e.split_once('@') {
                Some((en, k)) => {
                    (en, Some(k.parse::<usize>().map_err(|_| format!("engine `{e}`: expected ENGINE@K, K a number"))?))
                }
                None => (e.as_str(), None),
            };
            let (engine, search) = match e.split_once('/') {
                Some((en, s)) => (en.to_string(), Some(s.to_string())),
                None => (e.to_string(), None),
            };
            let cli = CliOverrides {
                engine: Some(engine),
                search,
                locations_at_once: at_once,
                timeout: Some(timeout),
                output_dir: Some(out.path().to_path_buf()),
                ..CliOverrides::default()
            };
            let opts = FixOptions::resolve(&project, &cli)?;
            match fix::fix(&project, &opts, &mut Quiet) {
                Ok(r) => {
                    let patch = r
                        .patches
                        .first()
                        .map(|pt| {
                            let all: Vec<&str> = std::iter::once(pt.replacement.as_str())
                                .chain(pt.also.iter().map(|l| l.replacement.as_str()))
                                .collect();
                            format!("`{}`", all.join("`, `").replace('|', "\\|"))
                        })
                        .unwrap_or_else(|| "–".into());
                    let verdict = match (r.patches.first(), &heldout) {
                        (None, _) => 2,
                        (Some(pt), Some(h)) => usize::from(!fix::correct_on(&project, pt, h, opts.test_timeout)?),
                        (Some(_), None) => 1,
                    };
                    verdicts[k][verdict] += 1;
                    let word = ["correct", "plausible", "none"][verdict];
                    let first = r.first_patch_s.map(|s| format!("{s:.2}")).unwrap_or_else(|| "–".into());
                    let per_test = r.paths_explored as f64 / r.tests.len().max(1) as f64;
                    row.push_str(&format!(
                        " {patch} | {word} | {first} | {:.2} | {per_test:.1} | {} | {:.2} |",
                        r.time_s, r.so_queries, r.so_query_median_ms
                    ));
                    times[k].push(r.time_s);
                    found[k] += usize::from(!r.patches.is_empty());
                }
                Err(err) => row.push_str(&format!(" error: {err} | – | – | – | – | – | – |")),
            }
        }
        println!("{row}");
    }
    println!();
    for (k, e) in engines.iter().enumerate() {
        let [c, pl, no] = verdicts[k];
        let max = times[k].iter().copied().fold(0.0, f64::max);
        println!(
            "{e}: {}/{} patched ({c} correct, {pl} plausible, {no} none), median {:.1} s, max {:.1} s",
            found[k],
            list.len(),
            median(times[k].clone()),
            max
        );
    }
    Ok(())
}
