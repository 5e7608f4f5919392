//! `se2repair fix` and `se2repair model-lib`: repair of C programs and
//! models of missing library functions by symbolic execution with
//! existential second-order constraints (docs/design.md).
//!
//! [`config`] reads the project; [`native`] builds and runs it natively
//! (tests, coverage, validation) and `make` builds real projects;
//! [`localize`] ranks statements (Ochiai); [`cparse`] finds the schemas'
//! sites on the C source; [`infer`] runs the instrumented program on every
//! test in the VM and solves the specification exhaustively (`--search
//! dfs`); [`lazy`] explores tests original-first by deviations and grows
//! the specification on demand (`--search deviation`, the default); both
//! take one [`infer::SiteProblem`]; [`fix`] puts it together and writes
//! the patch; [`modellib`] synthesizes library models. ARCHITECTURE.md's
//! Layers table states which module may import which.

pub mod config;
pub mod cparse;
pub mod fix;
pub mod infer;
pub mod lazy;
pub mod localize;
mod make;
pub mod modellib;
pub mod multi;
pub mod native;
pub mod simplify;
