//! The `model-lib` subcommand: arguments and exit codes (0 model found,
//! 1 no model in the language, 2 error).

use clap::Args;
use repair::modellib::{self, ModelOptions};
use repair::search::Engine;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ModelLibArgs {
    /// The function to model (its definition is taken away).
    func: String,
    /// The project folder (with se2repair.yaml); default: the bundled
    /// example (atoi only).
    project: Option<PathBuf>,
    /// A sketch of your own: a C definition of FUNC with klee_apply_symbolic
    /// holes (default: the built-in sketch that fits FUNC's signature).
    #[arg(long, value_name = "FILE")]
    sketch: Option<PathBuf>,
    /// The holes' language: SPEC for every hole or NAME=SPEC (int, bool,
    /// arith, linear, FILE.sy, each with :DEPTH); repeatable. Default: the
    /// ladder linear:2, linear:3, arith:3, arith:4.
    #[arg(long, value_name = "SPEC")]
    lang: Vec<String>,
    /// Where to write the model (default PROJECT/models/FUNC.c; for the
    /// bundled example, models/FUNC.c here).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// so-pse (default) or so-cbs.
    #[arg(long, default_value = "so-pse")]
    engine: String,
    /// Time limit: seconds or with a unit (default 60s).
    #[arg(long, value_name = "TIME", default_value = "60")]
    timeout: String,
    /// Fork budget of each test's exploration.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    max_forks: u64,
    /// Another project whose program calls FUNC: its tests constrain the
    /// model too, and the model must pass them (repeatable; the paper's
    /// usage context pooled across programs).
    #[arg(long, value_name = "DIR")]
    pool: Vec<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Then generate tests symbolically with the model, with FUNC's result
    /// symbolic (baseline) and with the real FUNC, and compare their line
    /// coverage natively.
    #[arg(long)]
    generate_tests: bool,
    /// Time limit of each test-generation configuration (default 20s).
    #[arg(long, value_name = "TIME", default_value = "20")]
    max_time: String,
}

pub fn main(a: ModelLibArgs) -> ExitCode {
    match run(a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("se2repair: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(a: ModelLibArgs) -> Result<ExitCode, String> {
    let engine = Engine::parse(&a.engine)?;
    if engine == Engine::Fo {
        return Err("--engine fo: model-lib solves second-order holes (so-pse or so-cbs)".into());
    }
    let bundled;
    let (dir, out) = match &a.project {
        Some(p) => (p.clone(), a.out.clone()),
        None => {
            if a.func != "atoi" {
                return Err("give the project folder: the bundled example models atoi only (se2repair model-lib atoi); examples/model-lib has one project per function".to_string());
            }
            bundled = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
            for (name, text) in modellib::ATOI_EXAMPLE {
                std::fs::write(bundled.path().join(name), text).map_err(|e| e.to_string())?;
            }
            (
                bundled.path().to_path_buf(),
                Some(a.out.clone().unwrap_or_else(|| PathBuf::from("models").join("atoi.c"))),
            )
        }
    };
    let project = repair::config::Project::load(&dir).map_err(|e| e.to_string())?;
    if let Some(c) = &project.options.clang {
        klee_ext::compile::set_clang_default(c.into());
    }
    // A compiler that is not there is refused before anything is created.
    klee_ext::compile::compiler().map_err(|e| e.to_string())?;
    let opts = ModelOptions {
        func: a.func.clone(),
        sketch: a.sketch.clone(),
        lang: a.lang.clone(),
        out,
        engine,
        timeout: crate::timespec::parse_time(&a.timeout)?,
        max_forks: a.max_forks,
        test_timeout: std::time::Duration::from_secs(5),
        pool: a.pool.clone(),
    };
    let start = std::time::Instant::now();
    let job = modellib::prepare(&project, &a.func, opts.sketch.as_deref())?;
    let report = modellib::model(&job, &opts, start)?;
    if report.status != "model" || !a.generate_tests {
        if a.json {
            println!("{}", serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?);
        } else {
            print!("{}", modellib::summary(&report));
        }
        return Ok(if report.status == "model" { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    // Test generation with the model, against the baseline and the real
    // function; the table also goes to FUNC-coverage.json and .svg beside
    // the model.
    let model_file = report.model_file.clone().ok_or("the model was not written")?;
    let gopts = modellib::gen::GenOptions {
        max_time: crate::timespec::parse_time(&a.max_time)?,
        test_timeout: opts.test_timeout,
    };
    let g = modellib::gen::generate(&job, &model_file, &gopts)?;
    let stem = model_file.with_file_name(format!("{}-coverage", a.func));
    let json = serde_json::json!({ "model": &report, "generation": &g });
    std::fs::write(stem.with_extension("json"), serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    modellib::gen::chart(&g, &stem.with_extension("svg"))?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?);
    } else {
        print!("{}", modellib::summary(&report));
        print!("{}", modellib::gen::table(&g));
        println!("written: {} and {}", stem.with_extension("json").display(), stem.with_extension("svg").display());
    }
    Ok(ExitCode::SUCCESS)
}
