//! `klee-stats`: the table KLEE's tool prints from the `run.stats` of
//! one or more output folders (ours or KLEE's own), in its formats.
//!
//! Per folder, the last row of `stats` with columns derived as KLEE's
//! tool derives them (times in seconds, memory in MiB, `ICount`, `ICov`,
//! `BCov`, times relative to the wall time, the maximum and average
//! memory and active states over all rows), a selection of columns
//! (`--print-more`, `--print-all`, `--print-rel-times`,
//! `--print-abs-times`, `--print-columns`), KLEE's column names, and a
//! `Total (N)` row for several folders. Formats: `klee` (KLEE's boxed
//! table), `csv`, `readable-csv`, and `json` (one object per folder,
//! this tool's own).

use crate::run_stats::{read_table, Cell};
use std::path::{Path, PathBuf};

/// KLEE's table columns: (heading, column of the record it shows).
const LEGEND: &[(&str, &str)] = &[
    ("Instrs", "Instructions"),
    ("Time(s)", "WallTime"),
    ("ICov(%)", "ICov"),
    ("BCov(%)", "BCov"),
    ("ICount", "ICount"),
    ("TSolver(%)", "RelSolverTime"),
    ("ICovered", "CoveredInstructions"),
    ("IUncovered", "UncoveredInstructions"),
    ("Branches", "NumBranches"),
    ("FullBranches", "FullBranches"),
    ("PartialBranches", "PartialBranches"),
    ("ExternalCalls", "ExternalCalls"),
    ("TUser(s)", "UserTime"),
    ("TResolve(s)", "ResolveTime"),
    ("TResolve(%)", "RelResolveTime"),
    ("TCex(s)", "CexCacheTime"),
    ("TCex(%)", "RelCexCacheTime"),
    ("TQuery(s)", "QueryTime"),
    ("TSolver(s)", "SolverTime"),
    ("States", "States"),
    ("ActiveStates", "NumStates"),
    ("MaxActiveStates", "MaxStates"),
    ("AvgActiveStates", "AvgStates"),
    ("InhibitedForks", "InhibitedForks"),
    ("Queries", "Queries"),
    ("SolverQueries", "SolverQueries"),
    ("SolverQueryConstructs", "NumQueryConstructs"),
    ("AvgSolverQuerySize", "AvgQC"),
    ("QCacheMisses", "QueryCacheMisses"),
    ("QCacheHits", "QueryCacheHits"),
    ("QCexCacheMisses", "QueryCexCacheMisses"),
    ("QCexCacheHits", "QueryCexCacheHits"),
    ("Allocations", "Allocations"),
    ("Mem(MiB)", "MallocUsage"),
    ("MaxMem(MiB)", "MaxMem"),
    ("AvgMem(MiB)", "AvgMem"),
    ("BrConditional", "BranchesConditional"),
    ("BrIndirect", "BranchesIndirect"),
    ("BrSwitch", "BranchesSwitch"),
    ("BrCall", "BranchesCall"),
    ("BrMemOp", "BranchesMemOp"),
    ("BrResolvePointer", "BranchesResolvePointer"),
    ("BrAlloc", "BranchesAlloc"),
    ("BrRealloc", "BranchesRealloc"),
    ("BrFree", "BranchesFree"),
    ("BrGetVal", "BranchesGetVal"),
    ("TermExit", "TerminationExit"),
    ("TermEarly", "TerminationEarly"),
    ("TermSolverErr", "TerminationSolverError"),
    ("TermProgrErr", "TerminationProgramError"),
    ("TermUserErr", "TerminationUserError"),
    ("TermExecErr", "TerminationExecutionError"),
    ("TermEarlyAlgo", "TerminationEarlyAlgorithm"),
    ("TermEarlyUser", "TerminationEarlyUser"),
    ("TArrayHash(s)", "ArrayHashTime"),
    ("TFork(s)", "ForkTime"),
    ("TFork(%)", "RelForkTime"),
    ("TUser(%)", "RelUserTime"),
];

/// A value of the table.
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Int(i64),
    Float(f64),
    Text(String),
}

/// Which columns to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Columns {
    Default,
    More,
    All,
    RelTimes,
    AbsTimes,
    /// `--print-columns`, by heading.
    Named(String),
}

/// How to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Klee,
    Csv,
    ReadableCsv,
    Json,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "klee" => Format::Klee,
            "csv" => Format::Csv,
            "readable-csv" => Format::ReadableCsv,
            "json" => Format::Json,
            _ => return None,
        })
    }
}

/// An output folder: one with both `info` and `run.stats`.
fn is_out_dir(d: &Path) -> bool {
    d.join("info").is_file() && d.join("run.stats").is_file()
}

/// The output folders named, or found below the folders named.
pub fn find_dirs(given: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        let mut subs: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_dir()).collect();
        subs.sort();
        for s in subs {
            if is_out_dir(&s) {
                out.push(s.clone());
            }
            walk(&s, out);
        }
    }
    let mut out = Vec::new();
    for d in given {
        if is_out_dir(d) {
            out.push(d.clone());
        } else {
            walk(d, &mut out);
        }
    }
    out
}

/// The paths without their common leading components (for several).
fn strip_common(dirs: &[PathBuf]) -> Vec<String> {
    let parts: Vec<Vec<String>> = dirs
        .iter()
        .map(|d| {
            d.components()
                .filter(|c| !matches!(c, std::path::Component::CurDir))
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        })
        .collect();
    let shortest = parts.iter().map(|p| p.len()).min().unwrap_or(0);
    let i = (0..shortest).find(|&i| parts.iter().any(|p| p[i] != parts[0][i])).unwrap_or(shortest.saturating_sub(1));
    parts.iter().map(|p| p[i..].join("/")).collect()
}

fn num(v: &Option<V>) -> Option<f64> {
    match v {
        Some(V::Int(i)) => Some(*i as f64),
        Some(V::Float(f)) => Some(*f),
        _ => None,
    }
}

/// One folder's record: its last row, the aggregates over its rows and
/// the derived columns.
fn record(path: &Path) -> Result<Vec<(String, V)>, String> {
    let (names, rows) = read_table(&path.join("run.stats")).unwrap_or_default();
    let mut rec: Vec<(String, V)> = Vec::new();
    if let Some(last) = rows.last() {
        for (n, c) in names.iter().zip(last) {
            let v = match c {
                Cell::Int(i) => V::Int(*i),
                Cell::Real(f) => V::Float(*f),
                Cell::Text(t) => V::Text(t.clone()),
                Cell::Null => continue,
            };
            rec.push((n.clone(), v));
        }
    }
    let col = |name: &str| names.iter().position(|n| n == name);
    let values = |i: usize| {
        rows.iter().filter_map(move |r| match &r[i] {
            Cell::Int(v) => Some(*v as f64),
            Cell::Real(v) => Some(*v),
            _ => None,
        })
    };
    if let Some(i) = col("MallocUsage").filter(|_| !rows.is_empty()) {
        let max = values(i).fold(f64::MIN, f64::max);
        let n = values(i).count().max(1) as f64;
        rec.push(("MaxMem".into(), V::Float(max / 1024.0 / 1024.0)));
        rec.push(("AvgMem".into(), V::Float(values(i).sum::<f64>() / n / 1024.0 / 1024.0)));
    }
    if let Some(i) = col("NumStates").filter(|_| !rows.is_empty()) {
        let max = rows.iter().filter_map(|r| if let Cell::Int(v) = r[i] { Some(v) } else { None }).max();
        let n = values(i).count().max(1) as f64;
        if let Some(m) = max {
            rec.push(("MaxStates".into(), V::Int(m)));
        }
        rec.push(("AvgStates".into(), V::Float(values(i).sum::<f64>() / n)));
    }
    derive(&mut rec);
    Ok(rec)
}

/// KLEE's derived columns.
fn derive(rec: &mut Vec<(String, V)>) {
    let get = |rec: &Vec<(String, V)>, k: &str| num(&rec.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()));
    let set = |rec: &mut Vec<(String, V)>, k: &str, v: V| match rec.iter_mut().find(|(n, _)| n == k) {
        Some(slot) => slot.1 = v,
        None => rec.push((k.to_string(), v)),
    };
    for k in ["UserTime", "WallTime", "QueryTime", "SolverTime", "CexCacheTime", "ForkTime", "ResolveTime"] {
        if let Some(x) = get(rec, k) {
            set(rec, k, V::Float(x / 1e6));
        }
    }
    if let Some(x) = get(rec, "MallocUsage") {
        set(rec, "MallocUsage", V::Float(x / 1024.0 / 1024.0));
    }
    if let (Some(qc), Some(q)) = (get(rec, "NumQueryConstructs"), get(rec, "NumQueries")) {
        set(rec, "AvgQC", V::Int((qc / q.max(1.0)) as i64));
    }
    if let (Some(c), Some(u)) = (get(rec, "CoveredInstructions"), get(rec, "UncoveredInstructions")) {
        set(rec, "ICount", V::Int((c + u) as i64));
        if c + u > 0.0 {
            set(rec, "ICov", V::Float(100.0 * c / (c + u)));
        }
    }
    if let (Some(f), Some(p), Some(n)) =
        (get(rec, "FullBranches"), get(rec, "PartialBranches"), get(rec, "NumBranches"))
    {
        let b = if n != 0.0 { 100.0 * (2.0 * f + p) / (2.0 * n) } else { 100.0 };
        set(rec, "BCov", V::Float(b));
    }
    if let Some(w) = get(rec, "WallTime").filter(|w| *w > 0.0) {
        for k in ["SolverTime", "CexCacheTime", "ForkTime", "ResolveTime", "UserTime"] {
            if let Some(x) = get(rec, k) {
                set(rec, &format!("Rel{k}"), V::Float(100.0 * x / w));
            }
        }
    }
}

/// The columns a selection keeps (`None`: all).
fn selected(cols: &Columns) -> Option<&'static [&'static str]> {
    Some(match cols {
        Columns::All | Columns::Named(_) => return None,
        Columns::RelTimes => {
            &["Path", "WallTime", "RelUserTime", "RelSolverTime", "RelCexCacheTime", "RelForkTime", "RelResolveTime"]
        }
        Columns::AbsTimes => &["Path", "WallTime", "UserTime", "SolverTime", "CexCacheTime", "ForkTime", "ResolveTime"],
        Columns::More => &[
            "Path",
            "Instructions",
            "WallTime",
            "ICov",
            "BCov",
            "ICount",
            "RelSolverTime",
            "NumStates",
            "MaxStates",
            "MallocUsage",
            "MaxMem",
        ],
        Columns::Default => &["Path", "Instructions", "WallTime", "ICov", "BCov", "ICount", "RelSolverTime"],
    })
}

/// The table: headings and, per heading, a value per row (`None`: blank).
pub struct Table {
    pub headings: Vec<String>,
    pub cells: Vec<Vec<Option<V>>>,
    /// The last row is the `Total (N)` row.
    pub total: bool,
}

/// Builds the table of the folders `dirs` (as found by [`find_dirs`]).
pub fn build(dirs: &[PathBuf], cols: &Columns, format: Format) -> Result<Table, String> {
    let paths: Vec<String> =
        if dirs.len() > 1 { strip_common(dirs) } else { dirs.iter().map(|d| d.display().to_string()).collect() };
    let heading = |k: &str| LEGEND.iter().find(|(_, n)| *n == k).map_or(k.to_string(), |(h, _)| h.to_string());
    let mut names: Vec<String> = Vec::new();
    let mut rows: Vec<Vec<(String, V)>> = Vec::new();
    for (d, p) in dirs.iter().zip(&paths) {
        let mut rec = vec![("Path".to_string(), V::Text(p.clone()))];
        rec.extend(record(d)?);
        if let Some(keep) = selected(cols) {
            rec.retain(|(n, _)| keep.contains(&n.as_str()));
        }
        let rec: Vec<(String, V)> = rec.into_iter().map(|(n, v)| (heading(&n), v)).collect();
        for (n, _) in &rec {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
        rows.push(rec);
    }
    let user: Vec<String> = match cols {
        Columns::Named(list) => {
            let user: Vec<String> = list.split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
            let missing: Vec<&str> = user.iter().filter(|c| !names.contains(c)).map(|c| c.as_str()).collect();
            if !missing.is_empty() {
                return Err(format!("Column(s) not found: {}", missing.join(", ")));
            }
            if user.is_empty() {
                return Err("No column name specified for --print-columns.".into());
            }
            user
        }
        _ => Vec::new(),
    };
    let headings: Vec<String> = if user.is_empty() {
        let mut h = vec!["Path".to_string()];
        h.extend(LEGEND.iter().map(|(h, _)| h.to_string()).filter(|l| names.contains(l)));
        let mut rest: Vec<String> = names.iter().filter(|n| !h.contains(n)).cloned().collect();
        rest.sort();
        h.extend(rest);
        h
    } else {
        user
    };
    let mut cells: Vec<Vec<Option<V>>> = headings
        .iter()
        .map(|h| rows.iter().map(|r| r.iter().find(|(n, _)| n == h).map(|(_, v)| v.clone())).collect())
        .collect();
    let total = rows.len() > 1 && format == Format::Klee;
    if total {
        let n = rows.len() as f64;
        for (h, col) in headings.iter().zip(cells.iter_mut()) {
            let total = if h == "Path" {
                Some(V::Text(format!("Total ({})", rows.len())))
            } else {
                let nums: Vec<&V> = col.iter().flatten().filter(|v| !matches!(v, V::Text(_))).collect();
                let all_int = nums.iter().all(|v| matches!(v, V::Int(_)));
                let sum: f64 = nums.iter().map(|v| num(&Some((*v).clone())).unwrap_or(0.0)).sum();
                if h.starts_with("Avg") || h.ends_with("(%)") {
                    Some(V::Float(sum / n))
                } else if h.starts_with("Max") {
                    let m = nums.iter().map(|v| num(&Some((*v).clone())).unwrap_or(f64::MIN)).fold(f64::MIN, f64::max);
                    Some(if all_int { V::Int(m as i64) } else { V::Float(m) })
                } else if all_int {
                    Some(V::Int(nums.iter().map(|v| if let V::Int(i) = v { *i } else { 0 }).sum()))
                } else {
                    Some(V::Float(sum))
                }
            };
            col.push(total);
        }
    }
    Ok(Table { headings, cells, total })
}

/// A column's cells as text: floats with 2 decimals, and integers too in
/// a column that holds a float; whether the column is numeric.
fn render_column(col: &[Option<V>]) -> (Vec<String>, bool) {
    let any_text = col.iter().flatten().any(|v| matches!(v, V::Text(_)));
    let any_float = col.iter().flatten().any(|v| matches!(v, V::Float(_)));
    let cells = col
        .iter()
        .map(|v| match v {
            None => String::new(),
            Some(V::Text(t)) => t.clone(),
            Some(V::Int(i)) if any_float && !any_text => format!("{:.2}", *i as f64),
            Some(V::Int(i)) => i.to_string(),
            Some(V::Float(f)) => format!("{f:.2}"),
        })
        .collect();
    (cells, !any_text && col.iter().flatten().next().is_some())
}

fn center(s: &str, w: usize) -> String {
    let pad = w.saturating_sub(s.chars().count());
    format!("{}{s}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
}

/// The table as text in `format`.
pub fn render(t: &Table, format: Format) -> String {
    let cols: Vec<(Vec<String>, bool)> = t.cells.iter().map(|c| render_column(c)).collect();
    let nrows = t.cells.first().map_or(0, |c| c.len());
    let mut out = String::new();
    match format {
        Format::Json => {
            let rows: Vec<serde_json::Value> = (0..nrows)
                .map(|r| {
                    let obj = t
                        .headings
                        .iter()
                        .zip(&t.cells)
                        .map(|(h, c)| {
                            let v = match &c[r] {
                                None => serde_json::Value::Null,
                                Some(V::Int(i)) => (*i).into(),
                                Some(V::Float(f)) => (*f).into(),
                                Some(V::Text(s)) => s.clone().into(),
                            };
                            (h.clone(), v)
                        })
                        .collect();
                    serde_json::Value::Object(obj)
                })
                .collect();
            out = serde_json::to_string_pretty(&rows).unwrap_or_default();
            out.push('\n');
        }
        Format::Csv => {
            out.push_str(&t.headings.join(","));
            out.push('\n');
            for r in 0..nrows {
                let row: Vec<&str> = cols.iter().map(|(c, _)| c[r].as_str()).collect();
                out.push_str(&row.join(","));
                out.push('\n');
            }
        }
        Format::ReadableCsv | Format::Klee => {
            let widths: Vec<usize> = t
                .headings
                .iter()
                .zip(&cols)
                .map(|(h, (c, _))| c.iter().map(|s| s.chars().count()).max().unwrap_or(0).max(h.chars().count() + 2))
                .collect();
            let cell = |s: &str, w: usize, numeric: bool| match (format, numeric) {
                (_, true) => format!("{s:>w$}"),
                (Format::Klee, false) => center(s, w),
                _ => format!("{s:<w$}"),
            };
            let line = |sep: &str, row: Vec<String>| match format {
                Format::Klee => format!("|{}|", row.join(sep)),
                _ => row.join(sep),
            };
            let rule = "-".repeat(widths.iter().sum::<usize>() + widths.len() + 1);
            let head: Vec<String> =
                t.headings.iter().zip(&widths).zip(&cols).map(|((h, w), (_, n))| cell(h, *w, *n)).collect();
            let sep = if format == Format::Klee { "|" } else { "," };
            let mut lines = Vec::new();
            if format == Format::Klee {
                lines.push(rule.clone());
            }
            lines.push(line(sep, head));
            if format == Format::Klee {
                lines.push(rule.clone());
            }
            for r in 0..nrows {
                let row: Vec<String> = cols.iter().zip(&widths).map(|((c, n), w)| cell(&c[r], *w, *n)).collect();
                if format == Format::Klee && t.total && r == nrows - 1 {
                    // A rule above the total row.
                    lines.push(rule.clone());
                }
                lines.push(line(sep, row));
            }
            if format == Format::Klee {
                lines.push(rule);
            }
            out = lines.join("\n");
            out.push('\n');
        }
    }
    out
}

/// `--to-csv`: every row of one folder's `run.stats`, as stored.
pub fn to_csv(dir: &Path) -> Result<String, String> {
    let (names, rows) = read_table(&dir.join("run.stats"))?;
    let mut out = names.join(",");
    out.push_str("\r\n");
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .map(|c| match c {
                Cell::Null => String::new(),
                Cell::Int(i) => i.to_string(),
                Cell::Real(f) => format!("{f:?}"),
                Cell::Text(t) if t.contains([',', '"', '\n']) => format!("\"{}\"", t.replace('"', "\"\"")),
                Cell::Text(t) => t.clone(),
            })
            .collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    Ok(out)
}
