//! `fix --tree FILE.svg`: the symbolic execution tree of the first failing
//! test's session with the hole symbolic, at the first site the repair
//! tries, each leaf marked by whether its path passes the test.

use crate::config::TestCase;
use crate::native::judge;
use crate::search::{test_config, Engine, Limits};
use klee_ext::exec::{Executor, Termination};
use klee_ext::ir::Program;
use klee_ext::so::LangSpec;
use std::path::Path;
use std::time::Duration;

/// Time the drawn session may take.
const TREE_TIME: Duration = Duration::from_secs(20);

pub(crate) fn draw(
    prog: &Program, test: &TestCase, hole: (&str, &LangSpec), engine: Engine, limits: &Limits, site: &str, file: &Path,
) -> Result<(), String> {
    let mut cfg = test_config(test, hole, engine, limits, TREE_TIME);
    cfg.record_tree = true;
    let mut ex = Executor::new(prog, cfg).map_err(|e| e.to_string())?;
    ex.run(&mut |ex, r| {
        let exit = match r.termination {
            Termination::Exit(c) => Some(c),
            _ => None,
        };
        let ok = judge(test, &r.stdout, &r.stderr, exit);
        if let Some(t) = ex.tree_mut() {
            t.mark(r.state, ok);
        }
    });
    let tree = ex.tree().ok_or("no tree was recorded")?;
    let title = format!("test {} with the hole at {site} ({})", test.name, engine.name());
    std::fs::write(file, klee_ext::tree_svg::render(tree, &title)).map_err(|e| format!("{}: {e}", file.display()))
}
