//! klee-ext: a KLEE-compatible symbolic virtual machine for LLVM bitcode.
//!
//! Layers, each depending only on those above it in this list:
//! [`expr`] (hash-consed bit-vector expressions) → [`solver`] (the solver
//! chain over Z3) → [`ir`] (LLVM lowered once into an executable form) →
//! [`exec`] (states, memory, the executor) and [`search`] → [`ktest`],
//! [`output`] and [`driver`] (KLEE-compatible files and the `run` job).
//! [`compile`] is the clang driver.

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
pub mod search;
pub mod so;
pub mod solver;
pub mod spec;
pub mod tree_svg;

pub use driver::{run, RunError, RunOptions, RunOutcome};
pub use exec::{Config, ErrorKind, StopReason, Termination};

/// The C runtime (libc models) as bitcode, built by `build.rs`.
pub static RUNTIME_BC: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime.bc"));
