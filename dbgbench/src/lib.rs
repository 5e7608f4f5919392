//! `se2repair dbgbench`: the SE-ESOC paper's repair experiment (Table 4)
//! as one command. [`subject`] reads the subject files, [`run`] runs each
//! (subject, configuration) pair as a `se2repair fix` child process with
//! the experiment's bounds, [`classify`] compares a patch with the
//! developer's fix, [`tables`] writes `results.json`, `results.csv` and
//! the Markdown table beside the paper's figures, [`plot`] draws the
//! exploration cost against `--max-forks` (the paper's Fig. 7c), and
//! [`verify`] checks that each subject is a fair task before any run.

pub mod classify;
pub mod plot;
pub mod run;
pub mod subject;
pub mod tables;
pub mod verify;

use serde::{Deserialize, Serialize};

/// How a (subject, configuration) pair ended.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A patch that behaves as the developer's fix on the held-out inputs.
    Correct,
    /// A patch that passes the tests but not the held-out inputs.
    Plausible,
    /// No patch.
    #[default]
    None,
    /// The pair could not be run (its reason says why).
    Error,
}

impl Outcome {
    /// Its name in the tables and in `results.json`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Correct => "correct",
            Outcome::Plausible => "plausible",
            Outcome::None => "none",
            Outcome::Error => "error",
        }
    }

    /// Whether the pair has a patch.
    pub fn patched(self) -> bool {
        matches!(self, Outcome::Correct | Outcome::Plausible)
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One (subject, configuration) result.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Row {
    pub subject: String,
    pub config: String,
    pub outcome: Outcome,
    /// `FILE:LINE: replacement` of the patch, if any.
    pub patch: String,
    /// Paths explored at the repair sites.
    pub paths: u64,
    /// Exploration and synthesis time at the repair sites, in seconds.
    pub time_s: f64,
    /// Mean time of a satisfiable / unsatisfiable second-order query.
    pub sat_ms: f64,
    pub unsat_ms: f64,
    /// Why there is no patch, why the patch is plausible, or the error.
    pub reason: String,
    /// Statements tried.
    pub locations: u64,
    /// Wall-clock time of the pair (build, repair, validation).
    pub wall_s: f64,
    /// The paper's outcome for this pair (`-` when it has none).
    pub paper: String,
    pub paper_time: String,
}

impl Row {
    pub fn new(s: &subject::Subject, config: &str) -> Row {
        // The paper's figures are per engine (`fo/dfs` is `fo`'s).
        let engine = config.split('/').next().unwrap_or(config);
        Row {
            subject: s.id.clone(),
            config: config.to_string(),
            paper: s.paper.outcome.get(engine).cloned().unwrap_or_else(|| "-".into()),
            paper_time: s.paper.time.get(engine).cloned().unwrap_or_default(),
            ..Row::default()
        }
    }
}
