//! klee-ext: a KLEE-compatible symbolic virtual machine for LLVM bitcode.
//!
//! Layers, each depending only on those before it (ARCHITECTURE.md's
//! Layers table states exactly which, and `tests/layers.rs` checks it):
//! [`log`] (the message sink) and [`compile`] (the clang driver) →
//! [`expr`] (hash-consed bit-vector expressions) → [`so`] (second-order
//! variables, languages, terms; [`so::Pool`] is the expressions with
//! their registry) → [`solver`] (the solver chain over Z3) → [`spec`]
//! (whole-specification solving) → [`ir`] (LLVM lowered once into an
//! executable form) → [`search`] and [`exec`] (states, memory, the
//! executor) → [`ktest`], [`tree_svg`], [`output`] → [`driver`] (the
//! `run` job) → [`klee_files`], [`klee_run`] (the `klee` job).

pub mod compile;
pub mod driver;
pub mod exec;
pub mod expr;
pub mod ir;
pub mod klee_files;
pub mod klee_run;
pub mod ktest;
pub mod log;
pub mod output;
pub mod procs;
pub mod run_stats;
pub mod search;
pub mod so;
pub mod solver;
pub mod spec;
pub mod stats_table;
pub mod tree_svg;

pub use driver::RunError;
pub use driver::{refuse_inputs, run, RunOptions, RunOutcome};
pub use exec::{Config, ErrorKind, StopReason, Termination};

/// The C runtime (libc models) as bitcode, built by `build.rs`.
pub static RUNTIME_BC: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime.bc"));
