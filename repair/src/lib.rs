//! `se2repair fix`: repair of C programs by symbolic execution with
//! existential second-order constraints (DESIGN.md §3–4).
//!
//! [`config`] reads the project; [`native`] builds and runs it natively
//! (tests, coverage, validation); [`localize`] ranks statements (Ochiai);
//! [`cparse`] finds the schemas' sites on the C source; [`infer`] runs the
//! instrumented program on every test in the VM and solves the
//! specification exhaustively (`--search dfs`); [`lazy`] explores tests
//! original-first by deviations and grows the specification on demand
//! (`--search deviation`, the default); [`fix`] puts it together and
//! writes the patch.

pub mod config;
pub mod cparse;
pub mod fix;
pub mod infer;
pub mod lazy;
pub mod localize;
mod make;
pub mod modellib;
pub mod native;
pub mod simplify;
