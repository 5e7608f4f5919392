//! KLEE's `.ktest` format (the `ktest-format` crate, shared with
//! `libkleeRuntest`).

pub use ktest_format::KTest;
