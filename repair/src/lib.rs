//! `se2repair fix` and `se2repair model-lib`: repair of C programs and
//! models of missing library functions by symbolic execution with
//! existential second-order constraints (docs/design.md).
//!
//! [`config`] reads the project; [`native`] builds and runs it natively
//! (tests, coverage, validation) and `make` builds real projects;
//! [`localize`] ranks statements (Ochiai); [`cparse`] finds the schemas'
//! sites on the C source; [`search`] holds the site searches over one
//! [`search::SiteProblem`]: exhaustive (`--search dfs`), by deviations
//! (`--search deviation`, the default) and at several sites at once;
//! [`fix`] puts it together and writes the patch; [`modellib`]
//! synthesizes library models. ARCHITECTURE.md's Layers table states
//! which module may import which.

pub mod config;
pub mod cparse;
pub mod fix;
pub mod localize;
mod make;
pub mod modellib;
pub mod native;
pub mod search;
pub mod simplify;
