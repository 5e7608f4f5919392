//! Subject files: one YAML per bug (`subjects/<id>.yaml`), naming where
//! the buggy tree comes from, its `se2repair.yaml` (build and tests), the
//! fix location, the developer's patch, held-out inputs and scripts that
//! decide whether a patch is correct, and the paper's figures.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where a subject's buggy tree comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// A tarball and the folder inside it that holds the project.
    Tarball { path: PathBuf, top: String },
    /// A folder, copied.
    Dir(PathBuf),
}

/// An input run on the repaired and on the developer-fixed program, whose
/// stdout, stderr and exit code must agree.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Heldout {
    pub name: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: String,
    pub setup: Option<String>,
    pub cwd: Option<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
}

/// The paper's Table 4 row of a subject.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Paper {
    /// Per configuration: `correct`, `plausible` or `none`.
    #[serde(default)]
    pub outcome: BTreeMap<String, String>,
    /// Per configuration: the time the paper reports (as printed there).
    #[serde(default)]
    pub time: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSource {
    tarball: Option<String>,
    top: Option<String>,
    dir: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSubject {
    id: String,
    #[serde(default)]
    program: String,
    #[serde(default)]
    bug: String,
    source: RawSource,
    project: serde_yaml_ng::Value,
    #[serde(default)]
    location: Vec<String>,
    developer_patch: Option<String>,
    #[serde(default)]
    heldout: Vec<Heldout>,
    #[serde(default)]
    scripts: Vec<String>,
    paper: Option<Paper>,
    /// Why the engine cannot run this subject yet (the row says so).
    unsupported: Option<String>,
    /// What a `none` row should add about why (a fix no one-expression
    /// schema can make, for instance).
    note: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Subject {
    /// Added to the reason of a row without a patch.
    pub note: Option<String>,
    pub id: String,
    pub program: String,
    pub bug: String,
    /// The subject file.
    pub file: PathBuf,
    pub source: Source,
    /// The project file written into the tree (`se2repair.yaml`).
    pub project: serde_yaml_ng::Value,
    /// `FILE:LINE` fix locations (`--location`); empty: fault
    /// localization.
    pub location: Vec<String>,
    pub developer_patch: Option<PathBuf>,
    pub heldout: Vec<Heldout>,
    /// Scripts run as `bash SCRIPT TREE` (exit 0 passes).
    pub scripts: Vec<PathBuf>,
    pub paper: Paper,
    pub unsupported: Option<String>,
}

/// `${DBGBENCH}` in paths: the DbgBench data folder.
pub const DATA_VAR: &str = "${DBGBENCH}";
/// `${COREBENCH}` in paths: the CoREBench data folder.
pub const COREBENCH_VAR: &str = "${COREBENCH}";

/// The data folders that subject files name by variable.
#[derive(Clone, Debug)]
pub struct Data {
    /// `${DBGBENCH}`: the 13 find and grep bugs.
    pub dbgbench: PathBuf,
    /// `${COREBENCH}`: the 17 coreutils bugs.
    pub corebench: PathBuf,
}

impl Data {
    /// Both folders under one parent (`../shared` holds `dbgbench/` and
    /// `corebench/`).
    pub fn under(parent: &Path) -> Data {
        Data { dbgbench: parent.join("dbgbench"), corebench: parent.join("corebench") }
    }
}

/// An absolute path: scripts run in scratch folders, and pairs in child
/// processes, so a path relative to where the harness started would not
/// resolve there.
fn resolve(base: &Path, data: &Data, s: &str) -> PathBuf {
    let var = |v: &str, dir: &Path| s.strip_prefix(v).map(|rest| dir.join(rest.trim_start_matches('/')));
    let p = match var(DATA_VAR, &data.dbgbench).or_else(|| var(COREBENCH_VAR, &data.corebench)) {
        Some(p) => p,
        None if Path::new(s).is_absolute() => PathBuf::from(s),
        None => base.join(s),
    };
    std::path::absolute(&p).unwrap_or(p)
}

impl Subject {
    /// Reads a subject file; paths are relative to its folder, or to a
    /// data folder after `${DBGBENCH}` or `${COREBENCH}`. Errors name the
    /// file, the key and the line.
    pub fn load(file: &Path, data: &Data) -> Result<Subject, String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let de = serde_yaml_ng::Deserializer::from_str(&text);
        let raw: RawSubject = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let at = inner.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            let key = if path == "." { String::new() } else { format!(" at `{path}`") };
            format!("{}{at}: invalid subject{key}: {inner}", file.display())
        })?;
        let at = |what: &str| format!("{}: {what}", file.display());
        let base = file.parent().unwrap_or(Path::new("."));
        let source = match (raw.source.tarball, raw.source.dir) {
            (Some(t), None) => Source::Tarball {
                path: resolve(base, data, &t),
                top: raw.source.top.ok_or_else(|| at("`source.top`: name the folder inside the tarball"))?,
            },
            (None, Some(d)) => Source::Dir(resolve(base, data, &d)),
            _ => return Err(at("`source`: give `tarball` (with `top`) or `dir`")),
        };
        if !raw.project.is_mapping() {
            return Err(at("`project`: expected the project file's keys (sources, build, tests)"));
        }
        for l in &raw.location {
            if l.rsplit_once(':').and_then(|(_, n)| n.parse::<u32>().ok()).is_none() {
                return Err(at(&format!("`location`: `{l}` is not FILE:LINE")));
            }
        }
        let mut scripts = Vec::new();
        for s in &raw.scripts {
            let p = resolve(base, data, s);
            let pattern = p.display().to_string();
            if pattern.contains('*') {
                let mut found: Vec<PathBuf> =
                    glob::glob(&pattern).map_err(|e| at(&format!("`scripts`: {s}: {e}")))?.flatten().collect();
                found.sort();
                scripts.extend(found);
            } else {
                scripts.push(p);
            }
        }
        Ok(Subject {
            id: raw.id,
            program: raw.program,
            bug: raw.bug,
            file: file.to_path_buf(),
            source,
            project: raw.project,
            location: raw.location,
            developer_patch: raw.developer_patch.map(|d| resolve(base, data, &d)),
            heldout: raw.heldout,
            scripts,
            paper: raw.paper.unwrap_or_default(),
            unsupported: raw.unsupported,
            note: raw.note,
        })
    }

    /// The subject files named by `paths`: files, or folders whose
    /// `*.yaml` files are read in name order.
    pub fn load_all(paths: &[PathBuf], data: &Data) -> Result<Vec<Subject>, String> {
        let mut files = Vec::new();
        for p in paths {
            if p.is_dir() {
                let mut in_dir: Vec<PathBuf> = std::fs::read_dir(p)
                    .map_err(|e| format!("{}: {e}", p.display()))?
                    .flatten()
                    .map(|e| e.path())
                    .filter(|f| f.extension().is_some_and(|x| x == "yaml"))
                    .collect();
                in_dir.sort();
                files.extend(in_dir);
            } else if p.is_file() {
                files.push(p.clone());
            } else {
                return Err(format!("{}: no such subject file or folder", p.display()));
            }
        }
        let mut out: Vec<Subject> = Vec::new();
        for f in files {
            let s = Subject::load(&f, data)?;
            if let Some(other) = out.iter().find(|o| o.id == s.id) {
                return Err(format!("{}: subject `{}` is also defined in {}", f.display(), s.id, other.file.display()));
            }
            out.push(s);
        }
        Ok(out)
    }

    /// The extracted (or copied) tree in `work`, with the subject's
    /// `se2repair.yaml` written into it; reused when already there.
    pub fn materialize(&self, work: &Path) -> Result<PathBuf, String> {
        let root = work.join(&self.id);
        let stamp = root.join(".materialized");
        let project = match &self.source {
            Source::Tarball { top, .. } => root.join(top),
            Source::Dir(_) => root.join("tree"),
        };
        if !stamp.exists() {
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(&root).map_err(|e| format!("{}: {e}", root.display()))?;
            let o = match &self.source {
                Source::Tarball { path, .. } => {
                    if !path.is_file() {
                        return Err(format!("missing tarball {}", path.display()));
                    }
                    klee_ext::procs::output(std::process::Command::new("tar").arg("xf").arg(path).arg("-C").arg(&root))
                }
                Source::Dir(d) => {
                    if !d.is_dir() {
                        return Err(format!("missing source folder {}", d.display()));
                    }
                    klee_ext::procs::output(std::process::Command::new("cp").arg("-a").arg(d).arg(&project))
                }
            }
            .map_err(|e| format!("cannot unpack the source: {e}"))?;
            if !o.status.success() {
                return Err(format!("cannot unpack the source: {}", String::from_utf8_lossy(&o.stderr).trim()));
            }
            if !project.is_dir() {
                return Err(format!("the source has no folder `{}`", project.display()));
            }
            std::fs::write(&stamp, "").map_err(|e| e.to_string())?;
        }
        let yaml = serde_yaml_ng::to_string(&self.project).map_err(|e| e.to_string())?;
        let file = project.join(repair::config::PROJECT_FILE);
        if std::fs::read_to_string(&file).ok().as_deref() != Some(yaml.as_str()) {
            std::fs::write(&file, yaml).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        Ok(project)
    }
}
