//! Where a path is, and the errors that end it there: the source
//! location (the program's own, inside the runtime), KLEE's readable call
//! stack, and the error terminations built from them.

use super::{ErrorKind, Executor, State, Termination};
use crate::ir::{SrcLoc, Val};

impl Executor<'_> {
    /// The source location of the state's current instruction.
    pub(crate) fn loc_of(&self, st: &State) -> Option<SrcLoc> {
        let l = self.prog.loc(st.loc);
        (l.line != 0).then(|| l.clone())
    }

    /// The location of the innermost instruction that has one: inside the
    /// runtime (built without debug information) that is the program's
    /// call into it, as KLEE reports errors at the last instruction that
    /// is not its own runtime's.
    pub(crate) fn user_loc(&self, st: &State) -> Option<SrcLoc> {
        self.loc_of(st)
            .or_else(|| st.stack.iter().rev().map(|fr| self.prog.loc(fr.call_loc)).find(|l| l.line != 0).cloned())
    }

    /// A readable call stack of the state, innermost first.
    pub(crate) fn stack_trace(&self, st: &State) -> Vec<String> {
        let mut out = Vec::new();
        let mut loc = st.loc;
        for fr in st.stack.iter().rev() {
            let l = self.prog.loc(loc);
            // KLEE's form: `foo(i=symbolic, k=12) at file:line`.
            let func = self.prog.func(fr.func);
            let args: Vec<String> = func
                .params
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    let v = match fr.regs.get(r.idx()) {
                        Some(Val::C(c)) => match self.prog.ty(func.param_tys[k]).ty {
                            crate::ir::Ty::Int(w) if w < 64 => crate::expr::sext64(*c, w).to_string(),
                            _ => (*c as i64).to_string(),
                        },
                        Some(Val::S(_)) => "symbolic".to_string(),
                        _ => "?".to_string(),
                    };
                    match func.param_names.get(k).filter(|n| !n.is_empty()) {
                        Some(n) => format!("{n}={v}"),
                        None => v,
                    }
                })
                .collect();
            out.push(format!("{}({}) at {}:{}", func.name, args.join(", "), l.file, l.line));
            loc = fr.call_loc;
        }
        out
    }

    /// Ends the path with an error of `kind` at the current location.
    pub fn error(&self, st: &State, kind: ErrorKind, msg: impl Into<String>) -> Termination {
        Termination::Error {
            kind,
            suffix: None,
            msg: msg.into(),
            loc: self.user_loc(st),
            stack: self.stack_trace(st),
            info: None,
        }
    }

    /// KLEE's overshift check: a report error with suffix `overshift`.
    pub(super) fn overshift_error(&self, st: &State) -> Termination {
        Termination::Error {
            kind: ErrorKind::Report,
            suffix: Some("overshift".into()),
            msg: "overshift error".into(),
            loc: self.user_loc(st),
            stack: self.stack_trace(st),
            info: None,
        }
    }

    /// A division's error: by zero, or the signed overflow of `MIN / -1`.
    pub(super) fn div_error(&self, st: &State, by_zero: bool) -> Termination {
        if by_zero {
            self.error(st, ErrorKind::Div, "divide by zero")
        } else {
            self.error(st, ErrorKind::Div, "overflow in signed division")
        }
    }
}
