//! Allocation, loads, stores, address arithmetic, and resolution of
//! symbolic addresses.

use super::config::ObjectResolution;
use super::memory::{split, MemFault, ObjKind, ObjMeta};
use super::{ErrorKind, Executor, State, StopReason, Termination};
use crate::expr::{mask, sext64, BinOp, CmpOp, Expr, ExprId};
use crate::ir::{GepInst, Operand, RegId, Ty, TyId, Val};
use std::ops::ControlFlow;
use std::rc::Rc;

/// Objects over this many bytes are allocated so that the host maps their
/// pages as they are written, and may fail.
const LARGE_OBJECT: u64 = 1 << 30;

/// Objects over this many bytes whose contents go to the solver are
/// reported once (KLEE's warning).
const LARGE_SYM_ARRAY: u64 = 4096;

/// A resolved memory access.
pub(super) enum Access {
    At(u64, u64),
    /// Object id and a symbolic 64-bit offset within it.
    SymOff(u64, ExprId),
}

impl<'p> Executor<'p> {
    pub(super) fn fault(&self, st: &State, f: MemFault) -> Termination {
        let kind = match f {
            MemFault::ReadOnly { .. } => ErrorKind::ReadOnly,
            _ => ErrorKind::Ptr,
        };
        Termination::Error {
            kind,
            suffix: None,
            msg: f.message().into(),
            loc: self.user_loc(st),
            stack: self.stack_trace(st),
            info: Some(f.detail()),
        }
    }

    /// Allocates an object for `st`, enforcing the size and memory limits.
    pub(super) fn alloc_object(
        &mut self, st: &mut State, size: u64, kind: ObjKind, name: &str,
    ) -> Result<u64, Termination> {
        self.alloc_named(st, size, kind, name.into())
    }

    /// As `alloc_object`, with a name already shared (no allocation for it).
    pub(super) fn alloc_named(
        &mut self, st: &mut State, size: u64, kind: ObjKind, name: std::rc::Rc<str>,
    ) -> Result<u64, Termination> {
        self.warn_large(size);
        if size > self.cfg.max_object_size {
            return Err(self.error(
                st,
                ErrorKind::Model,
                format!("allocation of {size} bytes exceeds the object size limit"),
            ));
        }
        if st.mem.live_bytes + size > self.cfg.max_memory {
            crate::log::warning(&format!("killing 1 states (over memory cap: {}MB)", self.cfg.max_memory >> 20));
            return Err(Termination::Early(StopReason::MaxMemory));
        }
        let meta = ObjMeta { size, kind, name, read_only: false, loc: st.loc };
        if size <= LARGE_OBJECT {
            return Ok(st.mem.alloc(meta));
        }
        match st.mem.try_alloc_large(meta) {
            Some(a) => Ok(a),
            // As the C library: a heap request the host cannot meet fails.
            None if kind == ObjKind::Heap => Ok(0),
            None => Err(self.error(st, ErrorKind::Model, format!("cannot allocate an object of {size} bytes"))),
        }
    }

    /// KLEE's warning for an allocation over 10 MiB.
    pub(super) fn warn_large(&mut self, size: u64) {
        if size > 10 << 20 {
            let tail = if crate::log::style() == crate::log::Style::Klee { " KLEE may run out of memory." } else { "" };
            self.warn_once(format!("Large memory allocation ({size} bytes).{tail}"));
        }
    }

    pub(super) fn alloca(
        &mut self, st: &mut State, dst: RegId, size: u64, count: Operand, count_w: u8,
    ) -> Result<(), Termination> {
        let total = match self.get(st.regs(), count) {
            // KLEE's executeAlloc pins a symbolic size (klee mode; heap.rs).
            Val::S(e) if self.cfg.klee_heap => {
                let n = if self.pool.width(e) < 64 { self.pool.zext(e, 64) } else { e };
                let k = self.pool.constant(64, size);
                let total = self.pool.bin(BinOp::Mul, n, k);
                match self.alloc_size(st, Some(dst), Val::S(total), "alloca size")? {
                    Some(t) => t,
                    None => {
                        Self::set(st, dst, Val::C(0));
                        return Ok(());
                    }
                }
            }
            n => size.saturating_mul(self.concrete_of(st, n, "alloca size")? & mask(count_w)),
        };
        // One shared name per function: an alloca is the VM's most
        // frequent allocation at -O0.
        let f = st.top().func.idx();
        if self.alloca_names.len() <= f {
            self.alloca_names.resize(f + 1, None);
        }
        let name = match &self.alloca_names[f] {
            Some(n) => n.clone(),
            None => {
                let n: std::rc::Rc<str> = format!("alloca in {}", self.prog.func(st.top().func).name).into();
                self.alloca_names[f] = Some(n.clone());
                n
            }
        };
        let addr = self.alloc_named(st, total, ObjKind::Stack, name)?;
        let fr = st.frame();
        fr.owned.push(addr >> 32);
        fr.regs[dst.idx()] = Val::C(addr);
        Ok(())
    }

    pub(super) fn gep(&mut self, st: &mut State, g: &GepInst) -> Result<(), Termination> {
        let regs = st.regs();
        let base = self.get(regs, g.base);
        let mut conc: Option<u64> = match base {
            Val::C(b) => Some(b.wrapping_add(g.offset as u64)),
            _ => None,
        };
        if let Some(mut acc) = conc {
            let mut all = true;
            for (op, w, scale) in g.idx.iter() {
                match self.get(regs, *op) {
                    Val::C(i) => acc = acc.wrapping_add(sext64(i, *w).wrapping_mul(*scale) as u64),
                    _ => {
                        all = false;
                        break;
                    }
                }
            }
            conc = all.then_some(acc);
        }
        if let Some(a) = conc {
            Self::set(st, g.dst, Val::C(a));
            return Ok(());
        }
        let regs = st.regs().to_vec();
        let b = self.as_expr(&base, 64);
        let off = self.pool.constant(64, g.offset as u64);
        let mut e = self.pool.bin(BinOp::Add, b, off);
        for (op, w, scale) in g.idx.iter() {
            let v = self.get(&regs, *op);
            let ie = self.as_expr(&v, *w);
            let ie = self.pool.sext(ie, 64);
            let sc = self.pool.constant(64, *scale as u64);
            let prod = self.pool.bin(BinOp::Mul, ie, sc);
            e = self.pool.bin(BinOp::Add, e, prod);
        }
        let v = match self.pool.as_const(e) {
            Some(c) => Val::C(c),
            None => Val::S(e),
        };
        Self::set(st, g.dst, v);
        Ok(())
    }

    /// Resolves `len` bytes at `addr`. `Ok(None)`: the state was narrowed
    /// to other targets and must re-execute the instruction (its pc has
    /// been moved back).
    pub(super) fn resolve(
        &mut self, st: &mut State, addr: &Val, len: u64, write: bool,
    ) -> Result<Option<Access>, Termination> {
        let e = match addr {
            Val::C(a) => {
                return st
                    .mem
                    .check(*a, len, write)
                    .map(|(id, off)| Some(Access::At(id, off)))
                    .map_err(|f| self.fault(st, f));
            }
            Val::S(e) => *e,
            Val::Agg(_) | Val::Wide(_) => return Err(self.error(st, ErrorKind::Exec, "aggregate used as an address")),
        };
        let v = self.pool.eval(e, &st.model);
        let (id, _) = split(v);
        let slot_size = match st.mem.slot(id) {
            Some(s) if !s.freed && id != 0 && s.meta.size >= len => s.meta.size,
            _ => {
                // The path's model points to no object that holds the
                // access: where the pointer can point into none it is
                // invalid; elsewhere the access is resolved again under a
                // model that points into one.
                let inside = self.inside_some_object(st, e, len);
                let outside = self.pool.not(inside);
                self.fork_error_with(st, outside, super::stats::BranchKind::MemOp, &|ex: &Self, s: &State| {
                    let v = ex.pool.eval(e, &s.model);
                    ex.fault(s, s.mem.check(v, len, write).err().unwrap_or(MemFault::Null))
                })?;
                st.frame().pc -= 1;
                return Ok(None);
            }
        };
        let base = self.pool.constant(64, id << 32);
        let last = self.pool.constant(64, (id << 32) + slot_size - len);
        let lo = self.pool.cmp(CmpOp::Ule, base, e);
        let hi = self.pool.cmp(CmpOp::Ule, e, last);
        let inb = self.pool.and(lo, hi);
        let out = self.pool.not(inb);
        let Some(in_model) = self.model_for(st, inb)? else {
            // Never inside this object. Where the pointer falls in its
            // address range it is out of bounds; elsewhere, try again.
            let same = self.in_object_range(e, id);
            self.fork_error_if(st, same, ErrorKind::Ptr, "memory error: out of bound pointer")?;
            st.frame().pc -= 1;
            return Ok(None);
        };
        let single = match self.cfg.object_resolution {
            ObjectResolution::Every => false,
            ObjectResolution::Single => true,
            ObjectResolution::Indexed => !self.selects_objects(st, e),
        };
        if single {
            // Only this object: anywhere else is out of bounds.
            self.fork_error_if(st, out, ErrorKind::Ptr, "memory error: out of bound pointer")?;
        } else {
            // Other objects (or none) may be targets too: a copy of the
            // state re-executes this access under `out` and resolves again.
            if let Some(out_model) = self.model_for(st, out)? {
                self.fork_retry(st, super::stats::BranchKind::MemOp, out, out_model);
            }
            st.add_constraint(inb, in_model);
        }
        if write && st.mem.slot(id).is_some_and(|s| s.meta.read_only) {
            let name = st.mem.slot(id).expect("checked").meta.name.clone();
            return Err(self.fault(st, MemFault::ReadOnly { name }));
        }
        let off = self.pool.bin(BinOp::Sub, e, base);
        match self.pool.as_const(off) {
            Some(c) => Ok(Some(Access::At(id, c))),
            None => Ok(Some(Access::SymOff(id, off))),
        }
    }

    /// Whether address `e` chooses among objects: an if-then-else in it
    /// whose two arms point into two different objects under the path's
    /// model (`c ? p : q` as one value; arms that are numbers, such as
    /// `c ? 1 : -1` in an index, point into none). An expression too large
    /// to look through counts as one that does.
    fn selects_objects(&self, st: &State, e: ExprId) -> bool {
        const MAX_NODES: usize = 256;
        let object = |arm| {
            let (id, _) = split(self.pool.eval(arm, &st.model));
            (id != 0 && st.mem.slot(id).is_some()).then_some(id)
        };
        self.pool
            .each_node(&[e], MAX_NODES, |node| match *node {
                Expr::Ite { t, e: f, .. } => match (object(t), object(f)) {
                    (Some(a), Some(b)) if a != b => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                },
                _ => ControlFlow::Continue(()),
            })
            .is_break()
    }

    /// An address expression's object id and offset (`memory::split`).
    pub(super) fn split_expr(&mut self, e: ExprId) -> (ExprId, ExprId) {
        let shift = self.pool.constant(64, 32);
        let obj = self.pool.bin(BinOp::LShr, e, shift);
        let lowmask = self.pool.constant(64, 0xffff_ffff);
        let off = self.pool.bin(BinOp::And, e, lowmask);
        (obj, off)
    }

    /// Whether the address `e` falls in object `id`'s address range.
    pub(super) fn in_object_range(&mut self, e: ExprId, id: u64) -> ExprId {
        let (obj, _) = self.split_expr(e);
        let this = self.pool.constant(64, id);
        self.pool.eq(obj, this)
    }

    /// Whether the `len` bytes at `e` lie inside some live object.
    pub(super) fn inside_some_object(&mut self, st: &State, e: ExprId, len: u64) -> ExprId {
        let (obj, off) = self.split_expr(e);
        let mut any = self.pool.constant(1, 0);
        let objects: Vec<(u64, u64)> = st.mem.live().filter(|(_, size)| *size >= len).collect();
        for (id, size) in objects {
            let idc = self.pool.constant(64, id);
            let this = self.pool.eq(obj, idc);
            let last = self.pool.constant(64, size - len);
            let inb = self.pool.cmp(CmpOp::Ule, off, last);
            let both = self.pool.and(this, inb);
            any = self.pool.or(any, both);
        }
        any
    }

    pub(super) fn load(&mut self, st: &mut State, dst: RegId, addr: Operand, ty: TyId) -> Result<(), Termination> {
        let a = self.get(st.regs(), addr);
        let info = self.prog.ty(ty);
        let len = info.store_size;
        // Fast path: a concrete scalar load.
        if let (Val::C(a), true) = (&a, info.is_scalar()) {
            let (id, off) = st.mem.check(*a, len, false).map_err(|f| self.fault(st, f))?;
            let v = st.mem.read_scalar(&mut self.pool, id, off, len);
            let mut v = self.fit(v, info.bits);
            if self.cfg.make_concrete_symbolic != 0 {
                v = self.read_made_symbolic(st, v, info.bits);
            }
            Self::set(st, dst, v);
            return Ok(());
        }
        let Some(acc) = self.resolve(st, &a, len, false)? else { return Ok(()) };
        let (id, off) = match acc {
            Access::At(id, off) => (id, off),
            Access::SymOff(id, off) => {
                if info.is_scalar() && self.symbolic_access(st, id, false)? {
                    let v = self.read_sym_offset(st, id, off, len);
                    let v = self.fit(v, info.bits);
                    Self::set(st, dst, v);
                    return Ok(());
                }
                let c = self.concretize(st, off, "offset into a large object")?;
                (id, c)
            }
        };
        let v = self.load_typed(st, id, off, ty)?;
        Self::set(st, dst, v);
        Ok(())
    }

    /// KLEE's `--make-concrete-symbolic`: a concrete read, chosen one in N,
    /// becomes a fresh array's value (`rrws_arrK`) constrained equal to it
    /// (reads by the program's own functions).
    fn read_made_symbolic(&mut self, st: &mut State, v: Val, bits: u8) -> Val {
        let (Val::C(c), n) = (&v, self.cfg.make_concrete_symbolic) else { return v };
        // The C runtime's own reads stay concrete: KLEE runs none of it.
        if self.cfg.replay.is_some() || bits == 0 || bits > 64 || self.prog.func(st.top().func).runtime {
            return v;
        }
        if n != 1 {
            // xorshift64: the choice depends on the seed only.
            let mut x = self.read_choice;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.read_choice = x;
            if !x.is_multiple_of(n) {
                return v;
            }
        }
        self.concrete_reads_made_symbolic += 1;
        let len = u32::from(bits).div_ceil(8);
        let arr = self.pool.new_array(&format!("rrws_arr{}", self.concrete_reads_made_symbolic), len);
        let mut e = self.pool.var(arr, 0);
        for i in 1..len {
            let b = self.pool.var(arr, i);
            e = self.pool.concat(b, e);
        }
        if !bits.is_multiple_of(8) {
            e = self.pool.extract(e, 0, bits);
        }
        let k = self.pool.constant(bits, *c);
        let eq = self.pool.eq(k, e);
        let m = Rc::make_mut(&mut st.model);
        for i in 0..len {
            m.bytes.insert((arr, i), (*c >> (8 * i)) as u8);
        }
        let model = st.model.clone();
        st.add_constraint(eq, model);
        Val::S(e)
    }

    /// Trims a loaded scalar to its type's bit width.
    fn fit(&mut self, v: Val, bits: u8) -> Val {
        match v {
            Val::C(c) => Val::C(c & mask(bits.max(1))),
            Val::S(e) if self.pool.width(e) > bits && bits > 0 => {
                let x = self.pool.extract(e, 0, bits);
                match self.pool.as_const(x) {
                    Some(c) => Val::C(c),
                    None => Val::S(x),
                }
            }
            v => v,
        }
    }

    fn load_typed(&mut self, st: &State, id: u64, off: u64, ty: TyId) -> Result<Val, Termination> {
        let info = self.prog.ty(ty);
        Ok(match &info.ty {
            Ty::Struct(fields) => Val::Agg(Rc::new(
                fields.iter().map(|(o, t)| self.load_typed(st, id, off + o, *t)).collect::<Result<_, _>>()?,
            )),
            Ty::Array { elem, n, stride } => Val::Agg(Rc::new(
                (0..*n).map(|i| self.load_typed(st, id, off + i * stride, *elem)).collect::<Result<_, _>>()?,
            )),
            Ty::Int(w) if *w > 64 => self.read_wide(st, id, off, info.store_size, *w)?,
            Ty::LongDouble => self.read_wide(st, id, off, info.store_size, 80)?,
            _ => {
                let v = st.mem.read_scalar(&mut self.pool, id, off, info.store_size);
                self.fit(v, info.bits)
            }
        })
    }

    /// Whether a symbolic offset into object `id` is kept symbolic (else
    /// it is concretized): objects up to the configured limit are. Objects
    /// over 4 GiB end the path, as KLEE; one over 4096 bytes sent to the
    /// solver is reported once, in KLEE's words.
    fn symbolic_access(&mut self, st: &State, id: u64, write: bool) -> Result<bool, Termination> {
        let Some(slot) = st.mem.slot(id) else { return Ok(false) };
        let size = slot.meta.size;
        let (what, limit) = if write { ("write", self.cfg.sym_write_limit) } else { ("read", self.cfg.sym_read_limit) };
        if size > u64::from(u32::MAX) {
            let verb = if write { "writes" } else { "reads" };
            return Err(self.error(
                st,
                ErrorKind::Exec,
                format!("Symbolic {verb} from objects larger than 4 GiB are not allowed (object size: {size} bytes)."),
            ));
        }
        if size > limit {
            return Ok(false);
        }
        if size > LARGE_SYM_ARRAY {
            let name = slot.meta.name.clone();
            self.warn_once(format!(
                "Symbolic memory {what} will send the following array of {size} bytes to the constraint solver -- large symbolic arrays may cause significant performance issues: {name}"
            ));
        }
        Ok(true)
    }

    fn read_sym_offset(&mut self, st: &State, id: u64, off: ExprId, len: u64) -> Val {
        let size = st.mem.slot(id).expect("resolved").meta.size;
        let e = match self.select_by_byte(st, id, off, len, size) {
            Some(e) => e,
            None => self.select_by_offset(st, id, off, len, size),
        };
        self.report_value_read(e);
        match self.pool.as_const(e) {
            Some(c) => Val::C(c),
            None => Val::S(e),
        }
    }

    /// A read at offset `off`: an entry per offset of the object.
    fn select_by_offset(&mut self, st: &State, id: u64, off: ExprId, len: u64, size: u64) -> ExprId {
        let w = (len * 8) as u8;
        let mut acc: Option<ExprId> = None;
        for j in (0..=size - len).rev() {
            let v = match st.mem.read_scalar(&mut self.pool, id, j, len) {
                Val::C(c) => self.pool.constant(w, c),
                Val::S(e) => e,
                Val::Agg(_) | Val::Wide(_) => unreachable!("scalar read"),
            };
            acc = Some(match acc {
                None => v,
                Some(rest) => {
                    let k = self.pool.constant(64, j);
                    let c = self.pool.eq(off, k);
                    self.pool.ite(c, v, rest)
                }
            });
        }
        acc.expect("object holds at least len bytes")
    }

    pub(super) fn store(&mut self, st: &mut State, val: Operand, addr: Operand, ty: TyId) -> Result<(), Termination> {
        let regs = st.regs();
        let (v, a) = (self.get(regs, val), self.get(regs, addr));
        let info = self.prog.ty(ty);
        let len = info.store_size;
        if let (Val::C(a), Val::C(c), true) = (&a, &v, info.is_scalar()) {
            let (id, off) = st.mem.check(*a, len, true).map_err(|f| self.fault(st, f))?;
            st.mem.write_scalar(&mut self.pool, id, off, len, &Val::C(*c));
            return Ok(());
        }
        let Some(acc) = self.resolve(st, &a, len, true)? else { return Ok(()) };
        let (id, off) = match acc {
            Access::At(id, off) => (id, off),
            Access::SymOff(id, off) => {
                if info.is_scalar() && self.symbolic_access(st, id, true)? {
                    self.write_sym_offset(st, id, off, len, &v);
                    return Ok(());
                }
                let c = self.concretize(st, off, "offset into a large object")?;
                (id, c)
            }
        };
        if !matches!(v, Val::C(_)) {
            self.symbolic_bytes_fit(st, id)?;
        }
        self.store_typed(st, id, off, ty, &v)
    }

    /// Objects over 4 GiB hold concrete bytes only: a symbolic value
    /// written into one ends the path.
    pub(super) fn symbolic_bytes_fit(&mut self, st: &State, id: u64) -> Result<(), Termination> {
        match st.mem.slot(id).map(|s| s.meta.size) {
            Some(size) if size > u64::from(u32::MAX) => Err(self.error(
                st,
                ErrorKind::Model,
                format!("unsupported: symbolic bytes in an object over 4 GiB ({size} bytes)"),
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn store_typed(
        &mut self, st: &mut State, id: u64, off: u64, ty: TyId, v: &Val,
    ) -> Result<(), Termination> {
        let info = self.prog.ty(ty);
        match (&info.ty, v) {
            (Ty::Struct(fields), Val::Agg(items)) => {
                for ((o, t), item) in fields.iter().zip(items.iter()) {
                    self.store_typed(st, id, off + o, *t, item)?;
                }
            }
            (Ty::Array { elem, stride, .. }, Val::Agg(items)) => {
                for (i, item) in items.iter().enumerate() {
                    self.store_typed(st, id, off + i as u64 * stride, *elem, item)?;
                }
            }
            (Ty::Struct(_) | Ty::Array { .. }, _) => {}
            (Ty::Int(w), _) if *w > 64 => self.write_wide(st, id, off, info.store_size, v)?,
            (Ty::LongDouble, _) => self.write_wide(st, id, off, info.store_size, v)?,
            _ => st.mem.write_scalar(&mut self.pool, id, off, info.store_size, v),
        }
        Ok(())
    }

    fn write_sym_offset(&mut self, st: &mut State, id: u64, off: ExprId, len: u64, v: &Val) {
        let size = st.mem.slot(id).expect("resolved").meta.size;
        let w = (len * 8) as u8;
        let ve = self.as_expr(v, w);
        let ve = if self.pool.width(ve) < w { self.pool.zext(ve, w) } else { ve };
        let vbytes: Vec<ExprId> = (0..len).map(|k| self.pool.extract(ve, (k * 8) as u8, 8)).collect();
        for pos in 0..size {
            // Byte `pos` changes if off <= pos < off + len.
            let mut newb = match st.mem.read_byte(id, pos) {
                Ok(c) => self.pool.constant(8, c as u64),
                Err(e) => e,
            };
            for k in 0..len.min(pos + 1) {
                let start = pos - k;
                if start + len > size {
                    continue;
                }
                let kc = self.pool.constant(64, start);
                let c = self.pool.eq(off, kc);
                newb = self.pool.ite(c, vbytes[k as usize], newb);
            }
            st.mem.write_byte(&self.pool, id, pos, Err(newb));
        }
    }
}

impl<'p> Executor<'p> {
    /// The concrete location of a `len`-byte access at the operand `addr`
    /// (a symbolic address is pinned to one value).
    fn concrete_place(&mut self, st: &mut State, addr: Operand, len: u64) -> Result<(u64, u64), Termination> {
        let a = self.get(st.regs(), addr);
        let a = self.concrete_of(st, a, "atomic operation address")?;
        st.mem.check(a, len, true).map_err(|f| self.fault(st, f))
    }

    /// `atomicrmw` in a single-threaded program: the old value, and the
    /// combined value stored. Operands are concrete (symbolic ones are
    /// concretized).
    pub(super) fn atomic_rmw(
        &mut self, st: &mut State, dst: RegId, op: crate::ir::RmwOp, addr: Operand, val: Operand, ty: TyId,
    ) -> Result<(), Termination> {
        use crate::ir::RmwOp;
        let info = self.prog.ty(ty);
        let (len, w) = (info.store_size, info.bits);
        let (id, off) = self.concrete_place(st, addr, len)?;
        let old = st.mem.read_scalar(&mut self.pool, id, off, len);
        let old = self.concrete_of(st, old, "atomic operand")? & mask(w);
        let v = self.get(st.regs(), val);
        let v = self.concrete_of(st, v, "atomic operand")? & mask(w);
        let (so, sv) = (sext64(old, w), sext64(v, w));
        let new = match op {
            RmwOp::Xchg => v,
            RmwOp::Bin(b) => crate::expr::fold_bin(b, w, old, v).unwrap_or(0),
            RmwOp::Nand => !(old & v) & mask(w),
            RmwOp::Max => {
                if so >= sv {
                    old
                } else {
                    v
                }
            }
            RmwOp::Min => {
                if so <= sv {
                    old
                } else {
                    v
                }
            }
            RmwOp::UMax => old.max(v),
            RmwOp::UMin => old.min(v),
        };
        st.mem.write_scalar(&mut self.pool, id, off, len, &Val::C(new));
        Self::set(st, dst, Val::C(old));
        Ok(())
    }

    /// `cmpxchg` in a single-threaded program.
    pub(super) fn cmpxchg(
        &mut self, st: &mut State, dst: RegId, addr: Operand, cmp: Operand, new: Operand, ty: TyId,
    ) -> Result<(), Termination> {
        let info = self.prog.ty(ty);
        let (len, w) = (info.store_size, info.bits);
        let (id, off) = self.concrete_place(st, addr, len)?;
        let old = st.mem.read_scalar(&mut self.pool, id, off, len);
        let old = self.concrete_of(st, old, "atomic operand")? & mask(w);
        let regs = st.regs();
        let (c, n) = (self.get(regs, cmp), self.get(regs, new));
        let c = self.concrete_of(st, c, "atomic operand")? & mask(w);
        let ok = old == c;
        if ok {
            let n = self.concrete_of(st, n, "atomic operand")?;
            st.mem.write_scalar(&mut self.pool, id, off, len, &Val::C(n));
        }
        Self::set(st, dst, Val::Agg(Rc::new(vec![Val::C(old), Val::C(ok as u64)])));
        Ok(())
    }
}
