//! KLEE's `--debug-print-instructions`: each instruction a path runs, as
//! it runs, with its source place, its number (as in `run.istats`), the
//! path's id and, in the `all` form, its LLVM text.

use super::{Executor, State};
use crate::ir::{BlockId, FuncId};
use std::io::Write;

/// What a line holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstForm {
    /// `     SOURCE:NUMBER:PATH:TEXT`.
    All,
    /// `     SOURCE:NUMBER:PATH`.
    Src,
    /// `NUMBER:PATH`.
    Compact,
}

pub(super) struct InstLog {
    form: InstForm,
    out: Box<dyn Write>,
    /// The number of each block's first instruction, by function.
    first: Vec<Vec<u64>>,
}

impl<'p> Executor<'p> {
    /// Writes every instruction run from now on to `out` (the program must
    /// have been loaded with `LoadOptions::inst_text` for the source places
    /// and texts).
    pub(crate) fn log_instructions(&mut self, form: InstForm, out: Box<dyn Write>) {
        let first = super::stats::first_instructions(self.prog)
            .into_iter()
            .zip(&self.prog.funcs)
            .map(|(mut n, f)| {
                f.blocks
                    .iter()
                    .map(|b| {
                        let at = n;
                        n += b.insts.len() as u64;
                        at
                    })
                    .collect()
            })
            .collect();
        self.inst_log = Some(InstLog { form, out, first });
    }

    #[cold]
    pub(super) fn log_instruction(&mut self, st: &State, f: FuncId, b: BlockId, pc: usize) {
        let prog = self.prog;
        let Some(log) = &mut self.inst_log else { return };
        let func = prog.func(f);
        let block = &func.blocks[b.idx()];
        let number = log.first[f.idx()][b.idx()] + pc as u64;
        let (place, text) = match block.text.get(pc) {
            Some((p, t)) => (&**p, &**t),
            None => ("[no debug info]", ""),
        };
        let id = st.id.0;
        let line = match log.form {
            InstForm::All => format!("     {place}:{number}:{id}:{text}\n"),
            InstForm::Src => format!("     {place}:{number}:{id}\n"),
            InstForm::Compact => format!("{number}:{id}\n"),
        };
        if log.out.write_all(line.as_bytes()).is_err() {
            self.inst_log = None;
        }
    }

    /// Flushes the instruction log.
    pub(crate) fn flush_instruction_log(&mut self) {
        if let Some(log) = &mut self.inst_log {
            let _ = log.out.flush();
        }
    }
}
