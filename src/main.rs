//! se2repair: the command-line tool. Only glue lives here: arguments are
//! parsed and validated, turned into the engine's documented configs, and
//! the engine's outcome into an exit code.
//!
//! Exit codes of `run`:
//! * a single explored path that exited: the program's own exit status;
//! * a single path that ended in an error: 134 for assert/abort, 136 for
//!   division by zero, 139 for memory errors, 1 for others (as the native
//!   program dying of the matching signal would);
//! * several paths: 0 when exploration finished;
//! * 124 when a limit (`--max-time`, `--max-instructions`, `--max-memory`)
//!   cut the exploration short;
//! * 125 when the tool itself fails (bad input, a file that does not
//!   compile, clang missing, invalid bitcode).

mod bench;
mod bench_examples;
mod bench_fix;
mod bench_klee;
mod bench_model;
mod bench_real;
mod bench_so;
mod cli;
mod dbgbench_cmd;
mod fix_cmd;
mod klee_cmd;
mod klee_replay_cmd;
mod klee_stats_cmd;
mod klee_zesti_cmd;
mod ktest_gen_cmd;
mod model_lib_cmd;
mod posix_args;
mod timespec;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Every program this run starts ends with it, however it ends, and its
    // temporary folders go with it (`klee_ext::procs`). The watcher is
    // forked first, while this is the only thread.
    if let Err(e) = klee_ext::procs::start_watcher() {
        eprintln!("se2repair: error: {e}");
        return ExitCode::from(125);
    }
    // SIGTERM, SIGHUP and SIGINT end the children's groups, remove the
    // temporary folders and stop the run with the signal's status; `klee`
    // replaces the SIGINT handler with KLEE's Ctrl-C.
    if let Err(e) = klee_ext::procs::on_signals(true) {
        eprintln!("se2repair: error: {e}");
        return ExitCode::from(125);
    }
    // `SE2REPAIR_LOG` (as `RUST_LOG`: `debug`, `se2repair::so=debug`)
    // turns on the libraries' debug traces on stderr; off by default.
    env_logger::Builder::new().parse_env(env_logger::Env::new().filter("SE2REPAIR_LOG")).format_timestamp(None).init();
    // The clang binary, for every compile of this process.
    if let Some(c) = std::env::var_os("SE2REPAIR_CLANG") {
        klee_ext::compile::set_clang(c.into());
    }
    // A broken invariant is one line saying where, not Rust's panic text
    // and backtrace hint; the exit status below (125) says it was ours.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("se2repair: internal error: {msg}{at}");
    }));
    // The engine recurses over expressions; give it a deep stack.
    let child = std::thread::Builder::new().stack_size(512 << 20).spawn(cli::main);
    let code = child.map(|h| h.join());
    klee_ext::procs::finish();
    match code {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => {
            eprintln!("se2repair: this is a bug in se2repair; please report it with the command line");
            ExitCode::from(125)
        }
        Err(e) => {
            eprintln!("se2repair: cannot start: {e}");
            ExitCode::from(125)
        }
    }
}
