//! What can stop a repair before it reports, by cause.

use std::path::PathBuf;

/// A repair that could not run to its report. (A repair that finds no
/// patch is not an error: its report says why.)
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// The project file or the options.
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
    /// A file or folder of the job that cannot be read, created or written.
    #[error("{}: {what}{source}", path.display())]
    Io {
        path: PathBuf,
        /// What was being done, with a trailing `: ` when said.
        what: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// The project does not build, or its tests cannot be run.
    #[error("{0}")]
    Build(String),
    /// A real project's copies could not be made, built or read.
    #[error(transparent)]
    Make(#[from] crate::make::MakeError),
    /// The project's direct build, or its coverage, failed.
    #[error(transparent)]
    Native(#[from] crate::native::NativeError),
    /// A source that the C parser cannot read.
    #[error("{0}")]
    Parse(String),
    /// The symbolic exploration or the solver failed at a site.
    #[error("{0}")]
    Search(#[from] crate::search::SearchError),
    /// `--tree` could not be drawn.
    #[error("--tree: {0}")]
    Tree(String),
    /// The report or a patch could not be written or applied.
    #[error("{0}")]
    Output(String),
}

impl FixError {
    pub(crate) fn io(path: impl Into<PathBuf>, what: &'static str) -> impl FnOnce(std::io::Error) -> FixError {
        let path = path.into();
        move |source| FixError::Io { path, what, source }
    }
}
