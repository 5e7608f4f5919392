//! `fix`'s settings: the command line over the project file over the
//! defaults, including the work budgets of each site's search.

use crate::config::Project;
use crate::cparse::Schema;
use crate::search::Engine;
use klee_ext::so::LangSpec;
use std::path::PathBuf;
use std::time::Duration;

/// How a site's tests are explored (`--search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Search {
    /// Original-first, deviation-ordered, specification on demand
    /// (`search/deviation/`).
    Deviation,
    /// Every path of every test, then one solve (`search/exhaustive.rs`).
    Dfs,
}

impl Search {
    pub fn parse(s: &str) -> Result<Search, String> {
        match s {
            "deviation" => Ok(Search::Deviation),
            "dfs" => Ok(Search::Dfs),
            _ => Err(format!("unknown search `{s}` (expected deviation or dfs)")),
        }
    }
}

/// Settings of one repair (command line over project file over defaults).
#[derive(Clone, Debug)]
pub struct FixOptions {
    pub engine: Engine,
    pub search: Search,
    pub max_forks: u64,
    /// Paths one test's exploration may take at one site (`None`: no
    /// bound but time): the path bound of the paper's experiment.
    pub max_paths: Option<u64>,
    pub timeout: Duration,
    pub test_timeout: Duration,
    pub locations: usize,
    /// `--locations-at-once K`: holes of one search. `None`: one, and two
    /// when one location gives no patch; `Some(1)`: one only; `Some(K)`:
    /// K at once only.
    pub locations_at_once: Option<usize>,
    /// Paths a search at several locations may explore: its work budget.
    pub max_set_paths: u64,
    /// Runs of one site's deviation search in the full pass (an eighth
    /// in the quick pass): its work budget.
    pub max_site_runs: u64,
    /// VM instructions of one site's runs in the full pass, summed over
    /// its tests (an eighth in the quick and relabel passes): its work
    /// budget beside the runs.
    pub max_site_instructions: u64,
    /// `--location FILE:LINE`: only sites on these lines.
    pub at: Vec<(PathBuf, u32)>,
    pub vars: usize,
    /// Language of conditions and guards.
    pub cond_lang: LangSpec,
    /// Language of right-hand sides.
    pub rhs_lang: LangSpec,
    pub all: bool,
    pub apply: bool,
    pub output_dir: Option<PathBuf>,
    /// Draw the first failing test's symbolic execution tree at the first
    /// site tried into this SVG file.
    pub tree: Option<PathBuf>,
    /// Instructions one path may run (a hole can make a loop endless).
    pub max_path_instructions: u64,
    /// Instructions of one test's exploration at one site.
    pub max_instructions: u64,
    /// Time of one solver query.
    pub query_timeout: Duration,
    /// Who answers the questions the tests leave open: `--oracle CMD`
    /// (a command that prints the right output of an input) or `--ask`
    /// (the user, on the terminal); `None`: nobody, the principles choose.
    pub asker: Option<AskWith>,
    /// `--questions N`: at most this many questions.
    pub questions: usize,
}

/// Who answers `fix`'s questions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskWith {
    /// A command run with the input as its arguments and stdin.
    Oracle(String),
    /// The user, on the terminal.
    User,
}

/// Questions asked at most, by default.
pub const DEFAULT_QUESTIONS: usize = 3;

/// The budgets' defaults.
pub const DEFAULT_MAX_PATH_INSTRUCTIONS: u64 = 20_000_000;
pub const DEFAULT_MAX_INSTRUCTIONS: u64 = 200_000_000;
pub const DEFAULT_QUERY_TIMEOUT: Duration = Duration::from_secs(2);
/// Paths of a search at several locations.
pub const DEFAULT_MAX_SET_PATHS: u64 = 3000;
/// Runs of one site's deviation search in the full pass.
pub const DEFAULT_MAX_SITE_RUNS: u64 = 1600;
/// VM instructions of one site's runs in the full pass.
pub const DEFAULT_MAX_SITE_INSTRUCTIONS: u64 = 800_000_000;
/// Holes of one search at most.
pub const MAX_LOCATIONS_AT_ONCE: usize = 4;

/// Overrides from the command line (`None`: not given).
#[derive(Clone, Debug, Default)]
pub struct CliOverrides {
    pub engine: Option<String>,
    pub search: Option<String>,
    pub max_forks: Option<u64>,
    pub max_paths: Option<u64>,
    pub timeout: Option<Duration>,
    pub test_timeout: Option<Duration>,
    pub locations: Option<usize>,
    pub locations_at_once: Option<usize>,
    pub max_set_paths: Option<u64>,
    pub max_site_runs: Option<u64>,
    pub max_site_instructions: Option<u64>,
    /// `FILE:LINE` strings.
    pub at: Vec<String>,
    pub vars: Option<usize>,
    pub so_lang: Vec<String>,
    pub all: bool,
    pub apply: bool,
    pub output_dir: Option<PathBuf>,
    pub tree: Option<PathBuf>,
    pub max_path_instructions: Option<u64>,
    pub max_instructions: Option<u64>,
    pub query_timeout: Option<Duration>,
    pub oracle: Option<String>,
    pub ask: bool,
    pub questions: Option<usize>,
}

impl FixOptions {
    pub fn resolve(p: &Project, cli: &CliOverrides) -> Result<FixOptions, String> {
        let f = &p.options;
        let secs = |what: &str, v: Option<f64>| -> Result<Option<Duration>, String> {
            match v {
                Some(s) if !(s > 0.0 && s.is_finite()) => {
                    Err(format!("{}: `{what}` must be a positive number of seconds", crate::config::PROJECT_FILE))
                }
                Some(s) => Ok(Some(Duration::from_secs_f64(s))),
                None => Ok(None),
            }
        };
        let engine = Engine::parse(cli.engine.as_deref().or(f.engine.as_deref()).unwrap_or("so-pse"))?;
        let (mut cond_lang, mut rhs_lang) = (LangSpec::Bool(3), LangSpec::Int(3));
        let mut langs = f.so_lang.clone();
        langs.extend(cli.so_lang.iter().cloned());
        for (name, spec) in klee_ext::so::parse_so_langs(&langs).or_else(|_| {
            // The file's and the command line's may both name a hole: the
            // command line's wins.
            let mut last: Vec<String> = Vec::new();
            for l in langs.iter().rev() {
                let n = l.split('=').next().unwrap_or("");
                if !last.iter().any(|x| x.split('=').next() == Some(n)) {
                    last.push(l.clone());
                }
            }
            klee_ext::so::parse_so_langs(&last)
        })? {
            match name.as_str() {
                "cond" => cond_lang = spec,
                "rhs" => rhs_lang = spec,
                _ => return Err(format!("--so-lang {name}=…: `fix` has two holes, `cond` (conditions and guards) and `rhs` (right-hand sides)")),
            }
        }
        let locations = cli.locations.or(f.locations).unwrap_or(10);
        let vars = cli.vars.or(f.vars).unwrap_or(4);
        if locations == 0 {
            return Err("--locations must be at least 1".into());
        }
        let locations_at_once = cli.locations_at_once.or(f.locations_at_once);
        if locations_at_once.is_some_and(|k| !(1..=MAX_LOCATIONS_AT_ONCE).contains(&k)) {
            return Err(format!("--locations-at-once must be 1 to {MAX_LOCATIONS_AT_ONCE}"));
        }
        let max_set_paths = cli.max_set_paths.unwrap_or(DEFAULT_MAX_SET_PATHS);
        let max_site_runs = cli.max_site_runs.unwrap_or(DEFAULT_MAX_SITE_RUNS);
        let max_site_instructions = cli.max_site_instructions.unwrap_or(DEFAULT_MAX_SITE_INSTRUCTIONS);
        if max_set_paths == 0 || max_site_runs == 0 || max_site_instructions == 0 {
            return Err("--max-set-paths, --max-site-runs and --max-site-instructions must be at least 1".into());
        }
        if vars > 16 {
            return Err("--vars: at most 16 variables".into());
        }
        let timeout = cli.timeout.or(secs("timeout", f.timeout)?).unwrap_or(Duration::from_secs(300));
        let mut at = Vec::new();
        for l in &cli.at {
            let parsed = l
                .rsplit_once(':')
                .and_then(|(f, n)| Some((PathBuf::from(f), n.parse::<u32>().ok().filter(|n| *n > 0)?)));
            let Some((file, line)) = parsed else {
                return Err(format!("--location {l}: expected FILE:LINE (e.g. find/ftsfind.c:449)"));
            };
            if !p.sources.contains(&file) {
                let known: Vec<String> = p.sources.iter().map(|s| s.display().to_string()).collect();
                return Err(format!(
                    "--location {l}: `{}` is not one of the project's sources ({})",
                    file.display(),
                    known.join(", ")
                ));
            }
            at.push((file, line));
        }
        let max_path_instructions = cli.max_path_instructions.unwrap_or(DEFAULT_MAX_PATH_INSTRUCTIONS);
        let max_instructions = cli.max_instructions.unwrap_or(DEFAULT_MAX_INSTRUCTIONS);
        if max_path_instructions == 0 || max_instructions == 0 {
            return Err("--max-path-instructions and --max-instructions must be at least 1".into());
        }
        let search = Search::parse(cli.search.as_deref().or(f.search.as_deref()).unwrap_or("deviation"))?;
        let asker = match (&cli.oracle, cli.ask) {
            (Some(_), true) => return Err("--oracle and --ask: give one (who answers the questions)".into()),
            (Some(c), false) if c.trim().is_empty() => return Err("--oracle: the command is empty".into()),
            (Some(c), false) => Some(AskWith::Oracle(c.clone())),
            (None, true) => Some(AskWith::User),
            (None, false) => None,
        };
        if search == Search::Dfs && locations_at_once.is_some_and(|k| k >= 2) {
            return Err("unsupported: --locations-at-once with --search dfs (several locations at once need the deviation search)".into());
        }
        Ok(FixOptions {
            engine,
            search,
            max_forks: cli.max_forks.or(f.max_forks).unwrap_or(500),
            max_paths: cli.max_paths.or(f.max_paths),
            timeout,
            test_timeout: cli.test_timeout.or(secs("test_timeout", f.test_timeout)?).unwrap_or(Duration::from_secs(5)),
            locations,
            locations_at_once,
            max_set_paths,
            max_site_runs,
            max_site_instructions,
            at,
            vars,
            cond_lang,
            rhs_lang,
            all: cli.all,
            apply: cli.apply,
            output_dir: cli.output_dir.clone(),
            tree: cli.tree.clone(),
            max_path_instructions,
            max_instructions,
            query_timeout: cli.query_timeout.unwrap_or(DEFAULT_QUERY_TIMEOUT),
            asker,
            questions: cli.questions.unwrap_or(DEFAULT_QUESTIONS),
        })
    }
}

impl FixOptions {
    /// The configured language of a schema's hole (`rhs` for integer
    /// holes, `cond` for conditions and guards).
    pub fn language(&self, schema: Schema) -> &LangSpec {
        if schema.sort() == klee_ext::so::Sort::Int {
            &self.rhs_lang
        } else {
            &self.cond_lang
        }
    }
}
