//! The tool's messages on stderr, in one of two styles.
//!
//! `se2repair run` writes `se2repair: WARNING: …` lines. The drop-in
//! `klee` front end writes KLEE's own words (`KLEE: WARNING: …`,
//! `KLEE: WARNING ONCE: …`, `KLEE: …`) and, as KLEE does, also keeps them
//! in the output folder: messages in `messages.txt`, warnings in
//! `warnings.txt`. One logger serves the whole process, as KLEE's
//! `klee_warning` does: messages come from the executor, the driver and
//! the front end alike.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// `se2repair: …`
    #[default]
    Se2,
    /// `KLEE: …`, with `messages.txt` and `warnings.txt`.
    Klee,
}

#[derive(Default)]
struct Logger {
    style: Style,
    /// Print nothing on stderr (files are still written).
    quiet: bool,
    /// `--warnings-only-to-file`: warnings go to `warnings.txt` only.
    warnings_to_file_only: bool,
    messages: Option<std::fs::File>,
    warnings: Option<std::fs::File>,
    once: HashSet<String>,
}

static LOG: Mutex<Option<Logger>> = Mutex::new(None);

fn with<R>(f: impl FnOnce(&mut Logger) -> R) -> R {
    let mut g = LOG.lock().unwrap_or_else(|p| p.into_inner());
    f(g.get_or_insert_with(Logger::default))
}

/// Chooses the style; `quiet` silences stderr.
pub fn configure(style: Style, quiet: bool, warnings_to_file_only: bool) {
    with(|l| {
        *l = Logger { style, quiet, warnings_to_file_only, ..Logger::default() };
    });
}

pub fn style() -> Style {
    with(|l| l.style)
}

/// Opens `messages.txt` and `warnings.txt` in the output folder (KLEE
/// style only); lines written before are not repeated there.
pub(crate) fn open_files(dir: &Path) {
    with(|l| {
        if l.style == Style::Klee {
            l.messages = std::fs::File::create(dir.join("messages.txt")).ok();
            l.warnings = std::fs::File::create(dir.join("warnings.txt")).ok();
        }
    });
}

/// Closes the files (the output folder is complete).
pub(crate) fn close_files() {
    with(|l| {
        l.messages = None;
        l.warnings = None;
    });
}

fn prefix(style: Style) -> &'static str {
    match style {
        Style::Se2 => "se2repair: ",
        Style::Klee => "KLEE: ",
    }
}

fn emit(l: &mut Logger, line: &str, warning: bool) {
    if !(l.quiet || warning && l.warnings_to_file_only) {
        eprintln!("{line}");
    }
    let file = if warning { l.warnings.as_mut() } else { l.messages.as_mut() };
    if let Some(f) = file {
        let _ = writeln!(f, "{line}");
    }
}

/// `KLEE: WARNING: msg`.
pub fn warning(msg: &str) {
    with(|l| {
        let line = format!("{}WARNING: {msg}", prefix(l.style));
        emit(l, &line, true)
    })
}

/// `KLEE: WARNING ONCE: msg`, once per distinct text in the process.
pub(crate) fn warning_once(msg: &str) {
    if with(|l| l.once.insert(msg.to_string())) {
        warning_once_tag(msg)
    }
}

/// `KLEE: WARNING ONCE: msg`; the caller keeps it to once.
pub(crate) fn warning_once_tag(msg: &str) {
    with(|l| {
        let tag = if l.style == Style::Klee { "WARNING ONCE" } else { "WARNING" };
        let line = format!("{}{tag}: {msg}", prefix(l.style));
        emit(l, &line, true)
    })
}

/// `KLEE: msg` (a message, also kept in `messages.txt`).
pub fn message(msg: &str) {
    with(|l| {
        let line = format!("{}{msg}", prefix(l.style));
        emit(l, &line, false)
    })
}

/// A line written as it is to stderr and `messages.txt`.
pub fn raw(line: &str) {
    with(|l| emit(l, line, false))
}
