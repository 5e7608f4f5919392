//! What can go wrong building a program natively or reading its
//! coverage, by cause: the caller decides what each means (a candidate
//! that does not compile is rejected; a missing compiler stops the job).

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum NativeError {
    /// No compiler for this kind of build (the text says what to install).
    #[error("{0}")]
    NoCompiler(&'static str),
    /// The chosen clang or its LLVM tools are not there.
    #[error(transparent)]
    Clang(#[from] klee_ext::compile::CompileError),
    /// A compiler or gcov that could not be started.
    #[error("cannot run {tool}: {cause}")]
    Run { tool: &'static str, cause: std::io::Error },
    /// A source, or the objects' link, that the compiler rejects, with its
    /// messages.
    #[error("{what} does not compile:\n{messages}")]
    Compile { what: String, messages: String },
    /// A harness that compiles but does not link; `undefined` when a
    /// symbol is missing (the C library may lack the function).
    #[error("{messages}")]
    Link { messages: String, undefined: bool },
    /// A file of the build that cannot be written.
    #[error("{}: {cause}", path.display())]
    Io { path: PathBuf, cause: std::io::Error },
    /// gcov ran but its report cannot be read.
    #[error("gcov: {0}")]
    Gcov(String),
}

impl NativeError {
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> NativeError {
        let path = path.into();
        move |cause| NativeError::Io { path, cause }
    }
}
