//! The experiment's outputs: `results.json` (the rows), `results.csv`, and
//! `results.md`, a table in the layout of the paper's Table 4 with the
//! paper's outcomes beside ours, totals, and why each row without a patch
//! has none.

use crate::{Outcome, Row};
use std::path::{Path, PathBuf};

pub fn write_all(rows: &[Row], out: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let json = serde_json::to_string_pretty(rows).map_err(|e| e.to_string())?;
    std::fs::write(out.join("results.json"), json).map_err(|e| format!("results.json: {e}"))?;
    let mut w = csv::Writer::from_path(out.join("results.csv")).map_err(|e| format!("results.csv: {e}"))?;
    for r in rows {
        w.serialize(r).map_err(|e| format!("results.csv: {e}"))?;
    }
    w.flush().map_err(|e| format!("results.csv: {e}"))?;
    std::fs::write(out.join("results.md"), markdown(rows)).map_err(|e| format!("results.md: {e}"))
}

/// The configurations present, in the paper's order first.
pub fn configs(rows: &[Row]) -> Vec<String> {
    let mut out: Vec<String> =
        crate::run::CONFIGS.iter().filter(|c| rows.iter().any(|r| r.config == **c)).map(|c| c.to_string()).collect();
    for r in rows {
        if !out.contains(&r.config) {
            out.push(r.config.clone());
        }
    }
    out
}

fn subjects(rows: &[Row]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in rows {
        if !out.contains(&r.subject) {
            out.push(r.subject.clone());
        }
    }
    out
}

/// A table cell for an outcome name (ours or the paper's): `-` for none.
fn cell(outcome: &str) -> &str {
    match outcome {
        "none" => "-",
        o => o,
    }
}

/// The Markdown table: one line per subject, per configuration our
/// outcome, the paper's, paths and time; SAT/UNSAT query times of so-pse.
pub fn markdown(rows: &[Row]) -> String {
    let cs = configs(rows);
    let find = |s: &str, c: &str| rows.iter().find(|r| r.subject == s && r.config == c);
    let mut head = vec!["subject".to_string()];
    for c in &cs {
        head.extend([c.to_string(), format!("{c} (paper)"), format!("{c} paths"), format!("{c} time (s)")]);
    }
    head.extend(["SAT ms".to_string(), "UNSAT ms".to_string()]);
    let mut md = String::from("# DbgBench repair results\n\n");
    md.push_str(&format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len())));
    for s in subjects(rows) {
        let mut line = vec![s.clone()];
        for c in &cs {
            match find(&s, c) {
                Some(r) => line.extend([
                    cell(r.outcome.name()).to_string(),
                    cell(&r.paper).to_string(),
                    r.paths.to_string(),
                    format!("{:.1}", r.time_s),
                ]),
                None => line.extend(["n/a".to_string(), String::new(), String::new(), String::new()]),
            }
        }
        let so = cs.iter().rev().find_map(|c| find(&s, c).filter(|r| r.config.starts_with("so-")));
        match so {
            Some(r) => line.extend([format!("{:.1}", r.sat_ms), format!("{:.1}", r.unsat_ms)]),
            None => line.extend([String::new(), String::new()]),
        }
        md.push_str(&format!("| {} |\n", line.join(" | ")));
    }
    md.push_str("\n## Totals\n\n| configuration | patches | correct | plausible | none | error | paper patches | paper correct |\n|---|---|---|---|---|---|---|---|\n");
    for c in &cs {
        let of: Vec<&Row> = rows.iter().filter(|r| &r.config == c).collect();
        let n = |o: Outcome| of.iter().filter(|r| r.outcome == o).count();
        let paper_patches = of.iter().filter(|r| r.paper == "correct" || r.paper == "plausible").count();
        let paper_correct = of.iter().filter(|r| r.paper == "correct").count();
        md.push_str(&format!(
            "| {c} | {} | {} | {} | {} | {} | {paper_patches} | {paper_correct} |\n",
            of.iter().filter(|r| r.outcome.patched()).count(),
            n(Outcome::Correct),
            n(Outcome::Plausible),
            n(Outcome::None),
            n(Outcome::Error)
        ));
    }
    md.push_str("\n## Patches and reasons\n\n");
    for r in rows {
        let what = if r.patch.is_empty() { String::new() } else { format!("`{}` — ", r.patch.replace('`', "'")) };
        md.push_str(&format!(
            "- {} / {}: **{}** — {what}{}\n",
            r.subject,
            r.config,
            r.outcome,
            if r.reason.is_empty() { "-" } else { &r.reason }
        ));
    }
    md
}

/// Every `results.json` under `dir` (pairs run elsewhere), merged: a later
/// file's row replaces an earlier one of the same pair.
pub fn collect(dir: &Path) -> Result<Vec<Row>, String> {
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().is_some_and(|n| n == "results.json") {
                files.push(p);
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no results.json below it", dir.display()));
    }
    let mut rows: Vec<Row> = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let part: Vec<Row> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        for r in part {
            match rows.iter_mut().find(|x| x.subject == r.subject && x.config == r.config) {
                Some(x) => *x = r,
                None => rows.push(r),
            }
        }
    }
    let order = |c: &str| crate::run::CONFIGS.iter().position(|x| *x == c).unwrap_or(usize::MAX);
    rows.sort_by(|a, b| a.subject.cmp(&b.subject).then(order(&a.config).cmp(&order(&b.config))));
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(s: &str, c: &str, o: &str, paper: &str) -> Row {
        Row {
            subject: s.into(),
            config: c.into(),
            outcome: serde_json::from_value(serde_json::json!(o)).unwrap(),
            paper: paper.into(),
            paths: 7,
            time_s: 1.25,
            ..Row::default()
        }
    }

    #[test]
    fn markdown_has_paper_columns_and_totals() {
        let rows = vec![
            row("a", "fo", "none", "-"),
            row("a", "so-pse", "correct", "correct"),
            row("b", "fo", "plausible", "plausible"),
            row("b", "so-pse", "plausible", "correct"),
        ];
        let md = markdown(&rows);
        assert!(
            md.contains("| subject | fo | fo (paper) | fo paths | fo time (s) | so-pse | so-pse (paper) |"),
            "{md}"
        );
        assert!(md.contains("| a | - | - | 7 | 1.2 | correct | correct | 7 | 1.2 |"), "{md}");
        assert!(md.contains("| so-pse | 2 | 1 | 1 | 0 | 0 | 2 | 2 |"), "{md}");
        assert!(md.contains("| fo | 1 | 0 | 1 | 1 | 0 | 1 | 0 |"), "{md}");
    }

    #[test]
    fn collect_merges_pairs() {
        let d = tempfile::tempdir().unwrap();
        for (i, r) in [row("b", "so-pse", "none", "-"), row("a", "fo", "none", "-"), row("a", "so-pse", "correct", "-")]
            .into_iter()
            .enumerate()
        {
            let sub = d.path().join(format!("p{i}"));
            std::fs::create_dir_all(&sub).unwrap();
            std::fs::write(sub.join("results.json"), serde_json::to_string(&vec![r]).unwrap()).unwrap();
        }
        let rows = collect(d.path()).unwrap();
        let keys: Vec<(String, String)> = rows.iter().map(|r| (r.subject.clone(), r.config.clone())).collect();
        assert_eq!(keys, vec![("a".into(), "fo".into()), ("a".into(), "so-pse".into()), ("b".into(), "so-pse".into())]);
        assert!(collect(&d.path().join("p0").join("nothing")).is_err());
    }
}
