//! Memory objects and the per-state address space.
//!
//! Object `k` lives at addresses `k << 32 .. (k << 32) + size`, so resolving
//! a concrete address is a shift and an index. Objects hold concrete bytes
//! plus, once a symbolic byte is written, a parallel vector of symbolic
//! bytes. Both the table and each object are reference-counted and copied
//! on write, so forking a state copies neither until one side writes.

use crate::expr::{ExprId, ExprPool};
use crate::ir::{LocId, Val};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes of object contents this process's memories have allocated so
/// far (new objects, copies made on write, symbolic shadows): the memory
/// cap looks at the heap again when this has grown, not only every few
/// hundred steps, since one step can copy a large object per fork.
static GROWN: AtomicU64 = AtomicU64::new(0);

fn grow(bytes: usize) {
    GROWN.fetch_add(bytes as u64, Ordering::Relaxed);
}

/// What [`GROWN`] counts, so far.
pub fn grown() -> u64 {
    GROWN.load(Ordering::Relaxed)
}

/// Bytes of the process's heap in use (what the memory cap, `memcap.rs`,
/// compares with `--max-memory`).
pub(super) fn heap_in_use() -> u64 {
    // SAFETY: mallinfo2 only reads the allocator's statistics.
    let m = unsafe { libc::mallinfo2() };
    (m.uordblks + m.hblkhd) as u64
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjKind {
    Global,
    Stack,
    Heap,
    /// argv strings, environment, varargs areas and other executor-made objects.
    Internal,
}

#[derive(Clone, Debug)]
pub struct ObjMeta {
    pub size: u64,
    pub kind: ObjKind,
    pub name: Rc<str>,
    pub read_only: bool,
    pub loc: LocId,
}

/// The symbolic shadow of an object of `len` bytes, or `None` when the
/// host cannot allocate it (a buffer of a gigabyte whose bytes become
/// symbolic): the path then ends at the memory limit instead of the
/// process aborting ([`Memory::shadow_failed`]).
fn new_shadow(len: usize) -> Option<Vec<Option<ExprId>>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, None);
    grow(len * std::mem::size_of::<Option<ExprId>>());
    Some(v)
}

/// Shadows up to this size are made without looking at the heap.
const SMALL_SHADOW: usize = 16 << 20;

/// Gives `d` its symbolic shadow if it has none; false when the host
/// cannot allocate it, or when it would put the heap over `cap` (the
/// run's memory cap: a large object's shadow is eight bytes per byte).
fn ensure_shadow(d: &mut ObjData, cap: Option<u64>) -> bool {
    if d.sym.is_empty() {
        let size = d.bytes.len() * std::mem::size_of::<Option<ExprId>>();
        if size > SMALL_SHADOW && cap.is_some_and(|c| heap_in_use() + size as u64 > c) {
            return false;
        }
        match new_shadow(d.bytes.len()) {
            Some(v) => d.sym = v,
            None => return false,
        }
    }
    true
}

#[derive(Clone, Debug, Default)]
pub struct ObjData {
    pub bytes: Vec<u8>,
    /// Symbolic bytes, by offset; empty while every byte is concrete.
    pub sym: Vec<Option<ExprId>>,
}

#[derive(Clone, Debug)]
pub struct Slot {
    pub meta: ObjMeta,
    pub data: Rc<ObjData>,
    pub freed: bool,
}

/// Why an access failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemFault {
    Null,
    /// No live object at that address (never allocated, or out of bounds).
    OutOfBounds {
        id: u64,
        off: u64,
        len: u64,
        size: u64,
    },
    UseAfterFree {
        name: Rc<str>,
    },
    ReadOnly {
        name: Rc<str>,
    },
}

impl MemFault {
    /// KLEE's words for the fault.
    pub fn message(&self) -> &'static str {
        match self {
            MemFault::Null => "memory error: null page access",
            MemFault::OutOfBounds { .. } => "memory error: out of bound pointer",
            MemFault::UseAfterFree { .. } => "memory error: use after free",
            MemFault::ReadOnly { .. } => "memory error: object read only",
        }
    }

    /// What was accessed.
    pub(crate) fn detail(&self) -> String {
        match self {
            MemFault::Null => "address below the first page (a null pointer)".into(),
            MemFault::OutOfBounds { id, size, .. } if *size == u64::MAX => format!("no object {id} at the address"),
            MemFault::OutOfBounds { off, len, size, .. } => {
                format!("offset {off}, {len} bytes, object of {size} bytes")
            }
            MemFault::UseAfterFree { name } => format!("{name}, already freed"),
            MemFault::ReadOnly { name } => format!("write to the read-only object {name}"),
        }
    }
}

impl std::fmt::Display for MemFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message(), self.detail())
    }
}

#[derive(Debug, Default)]
pub struct Memory {
    slots: Rc<Vec<Option<Slot>>>,
    /// Contents of released stack objects that no other state shares,
    /// reused by later allocations (at -O0 every local is an object, so
    /// this saves two allocations per local per call). Not cloned.
    spare: Vec<Rc<ObjData>>,
    /// Ids of returned stack objects, reused by later allocations.
    free_ids: Vec<u32>,
    /// Ids of freed heap objects, oldest first. Their tombstones detect use
    /// after free; past `HEAP_QUARANTINE` of them the oldest id is reused,
    /// so a long malloc/free loop does not grow the table without bound.
    freed_heap: std::collections::VecDeque<u32>,
    /// Objects over 4 GiB: (first id, ids it spans). Such an object takes
    /// the ids after its own, so its addresses stay contiguous; an address
    /// in a later id resolves to it (`check`).
    spans: Rc<Vec<(u32, u32)>>,
    /// Objects at fixed addresses (`klee_define_fixed_object`): (address,
    /// size, id). An address in one resolves to that object (`check`).
    fixed: Rc<Vec<(u64, u64, u32)>>,
    /// Bytes currently allocated on the heap and stack.
    pub live_bytes: u64,
    /// A symbolic shadow the host could not allocate, or one over the
    /// run's memory cap: the write was not done, and the executor ends
    /// the path at the memory limit.
    pub shadow_failed: bool,
    /// The memory limit in bytes (`Config::max_total_memory`, else
    /// `Config::max_memory`).
    pub cap: Option<u64>,
}

impl Clone for Memory {
    fn clone(&self) -> Self {
        Memory {
            slots: self.slots.clone(),
            spare: Vec::new(),
            free_ids: self.free_ids.clone(),
            freed_heap: self.freed_heap.clone(),
            spans: self.spans.clone(),
            fixed: self.fixed.clone(),
            live_bytes: self.live_bytes,
            shadow_failed: self.shadow_failed,
            cap: self.cap,
        }
    }
}

/// Spare contents kept at most, and the largest kept.
const SPARE_MAX: usize = 64;
const SPARE_BYTES: usize = 4096;

/// Freed heap ids kept as tombstones before their reuse.
const HEAP_QUARANTINE: usize = 4096;

/// `n` zeroed bytes from the host's allocator, untouched until written
/// (a large request is mapped lazily); `None` if the host refuses.
fn zeroed_bytes(n: usize) -> Option<Vec<u8>> {
    if n == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<u8>(n).ok()?;
    // SAFETY: a non-zero layout; a non-null result is n zeroed bytes that
    // the Vec owns with the same layout (u8, capacity n).
    unsafe {
        let p = std::alloc::alloc_zeroed(layout);
        (!p.is_null()).then(|| Vec::from_raw_parts(p, n, n))
    }
}

pub fn split(addr: u64) -> (u64, u64) {
    (addr >> 32, addr & 0xffff_ffff)
}

impl Memory {
    /// Installs object `id` (used for globals, whose ids are fixed).
    pub fn install(&mut self, id: u32, meta: ObjMeta, bytes: Vec<u8>) {
        let slots = Rc::make_mut(&mut self.slots);
        if slots.len() <= id as usize {
            slots.resize(id as usize + 1, None);
        }
        slots[id as usize] = Some(Slot { meta, data: Rc::new(ObjData { bytes, sym: Vec::new() }), freed: false });
    }

    /// Allocates a zeroed object and returns its base address.
    pub(crate) fn alloc(&mut self, meta: ObjMeta) -> u64 {
        let size = meta.size;
        let recycled = match meta.kind {
            ObjKind::Stack => self.free_ids.pop(),
            ObjKind::Heap if self.freed_heap.len() > HEAP_QUARANTINE => self.freed_heap.pop_front(),
            _ => None,
        };
        let slots = Rc::make_mut(&mut self.slots);
        let id = match recycled {
            Some(id) => id,
            None => {
                if slots.is_empty() {
                    slots.push(None);
                }
                slots.push(None);
                (slots.len() - 1) as u32
            }
        };
        self.live_bytes += size;
        if size as usize > SPARE_BYTES {
            // Small objects (every local at -O0) are left out: the hot
            // path pays no atomic add, and they come and go with calls.
            grow(size as usize);
        }
        let reuse = if (size as usize) <= SPARE_BYTES { self.spare.pop() } else { None };
        let data = match reuse {
            Some(mut d) => {
                let o = Rc::get_mut(&mut d).expect("spare contents are unshared");
                o.bytes.clear();
                o.bytes.resize(size as usize, 0);
                o.sym.clear();
                d
            }
            _ => Rc::new(ObjData { bytes: vec![0; size as usize], sym: Vec::new() }),
        };
        slots[id as usize] = Some(Slot { meta, data, freed: false });
        (id as u64) << 32
    }

    /// Allocates a large zeroed object (over 1 GiB), whose pages the host
    /// provides only as they are written; `None` when the host cannot.
    /// One over 4 GiB spans the ids after its own.
    pub(crate) fn try_alloc_large(&mut self, meta: ObjMeta) -> Option<u64> {
        let size = meta.size;
        let bytes = zeroed_bytes(usize::try_from(size).ok()?)?;
        let extra = u32::try_from((size.max(1) - 1) >> 32).ok()?;
        let slots = Rc::make_mut(&mut self.slots);
        if slots.is_empty() {
            slots.push(None);
        }
        let id = u32::try_from(slots.len()).ok()?;
        slots.resize(slots.len() + 1 + extra as usize, None);
        slots[id as usize] = Some(Slot { meta, data: Rc::new(ObjData { bytes, sym: Vec::new() }), freed: false });
        if extra > 0 {
            Rc::make_mut(&mut self.spans).push((id, extra));
        }
        self.live_bytes += size;
        Some((id as u64) << 32)
    }

    /// Makes object `id` also answer at addresses `addr..addr + size`;
    /// false if that range meets another fixed object's.
    pub(crate) fn fix_at(&mut self, id: u64, addr: u64, size: u64) -> bool {
        let end = addr.saturating_add(size);
        if self.fixed.iter().any(|&(a, n, _)| addr < a.saturating_add(n) && a < end) {
            return false;
        }
        Rc::make_mut(&mut self.fixed).push((addr, size, id as u32));
        true
    }

    /// The fixed object holding address `addr`, and the offset in it.
    fn fixed_at(&self, addr: u64) -> Option<(u64, u64)> {
        self.fixed
            .iter()
            .find(|&&(a, n, _)| addr >= a && addr - a < n.max(1))
            .map(|&(a, _, id)| (u64::from(id), addr - a))
    }

    /// The object over 4 GiB whose later ids include `id`, and the offset
    /// in it of `off` in `id`.
    fn spanned(&self, id: u64, off: u64) -> Option<(u64, u64)> {
        let &(head, _) =
            self.spans.iter().find(|(h, n)| (u64::from(*h) + 1..=u64::from(*h) + u64::from(*n)).contains(&id))?;
        Some((u64::from(head), ((id - u64::from(head)) << 32) + off))
    }

    /// Releases object `id`: stack objects disappear (their id is reused),
    /// heap objects stay as freed tombstones to detect use after free.
    pub fn release(&mut self, id: u64) {
        let slots = Rc::make_mut(&mut self.slots);
        if let Some(Some(s)) = slots.get_mut(id as usize) {
            self.live_bytes = self.live_bytes.saturating_sub(s.meta.size);
            if s.meta.kind == ObjKind::Stack {
                if let Some(old) = slots[id as usize].take() {
                    let d = old.data;
                    if self.spare.len() < SPARE_MAX && Rc::strong_count(&d) == 1 && d.bytes.capacity() <= SPARE_BYTES {
                        self.spare.push(d);
                    }
                }
                self.free_ids.push(id as u32);
            } else {
                s.freed = true;
                s.data = Rc::new(ObjData::default());
                if s.meta.kind == ObjKind::Heap {
                    self.freed_heap.push_back(id as u32);
                }
            }
        }
    }

    pub fn slot(&self, id: u64) -> Option<&Slot> {
        self.slots.get(id as usize).and_then(|s| s.as_ref())
    }

    /// Checks that `len` bytes at `addr` lie in one live object.
    #[inline]
    pub fn check(&self, addr: u64, len: u64, write: bool) -> Result<(u64, u64), MemFault> {
        let (id, off) = split(addr);
        // Id 0 (the null page) never holds an object.
        match self.slot(id) {
            Some(slot) => Self::check_in(slot, id, off, len, write),
            None => self.check_elsewhere(addr, len, write),
        }
    }

    /// `check` of an address outside the ids' own ranges: in a later id of
    /// an object over 4 GiB, at a fixed object, in the null page, or none.
    #[cold]
    fn check_elsewhere(&self, addr: u64, len: u64, write: bool) -> Result<(u64, u64), MemFault> {
        let (id, off) = split(addr);
        let (head, off) = match self.fixed_at(addr).or_else(|| self.spanned(id, off)) {
            Some(at) => at,
            None if id == 0 => return Err(MemFault::Null),
            None => return Err(MemFault::OutOfBounds { id, off, len, size: u64::MAX }),
        };
        match self.slot(head) {
            Some(slot) => Self::check_in(slot, head, off, len, write),
            None => Err(MemFault::OutOfBounds { id, off, len, size: u64::MAX }),
        }
    }

    #[inline]
    fn check_in(slot: &Slot, id: u64, off: u64, len: u64, write: bool) -> Result<(u64, u64), MemFault> {
        if slot.freed {
            return Err(MemFault::UseAfterFree { name: slot.meta.name.clone() });
        }
        if off.checked_add(len).is_none_or(|end| end > slot.meta.size) {
            return Err(MemFault::OutOfBounds { id, off, len, size: slot.meta.size });
        }
        if write && slot.meta.read_only {
            return Err(MemFault::ReadOnly { name: slot.meta.name.clone() });
        }
        Ok((id, off))
    }

    /// Reads `len` (1..=8) bytes, little-endian, from a checked location.
    #[inline]
    pub(crate) fn read_scalar(&self, pool: &mut ExprPool, id: u64, off: u64, len: u64) -> Val {
        let data = &self.slots[id as usize].as_ref().expect("checked").data;
        let (o, n) = (off as usize, len as usize);
        if data.sym.is_empty() || data.sym[o..o + n].iter().all(|s| s.is_none()) {
            let mut buf = [0u8; 8];
            buf[..n].copy_from_slice(&data.bytes[o..o + n]);
            return Val::C(u64::from_le_bytes(buf));
        }
        let mut acc: Option<ExprId> = None;
        for k in 0..n {
            let b = match data.sym[o + k] {
                Some(e) => e,
                None => pool.constant(8, data.bytes[o + k] as u64),
            };
            acc = Some(match acc {
                None => b,
                Some(lo) => pool.concat(b, lo),
            });
        }
        Val::S(acc.expect("len >= 1"))
    }

    /// One byte as an expression or a constant.
    pub(crate) fn read_byte(&self, id: u64, off: u64) -> Result<u8, ExprId> {
        let data = &self.slots[id as usize].as_ref().expect("checked").data;
        match data.sym.get(off as usize).copied().flatten() {
            Some(e) => Err(e),
            None => Ok(data.bytes[off as usize]),
        }
    }

    fn data_mut(&mut self, id: u64) -> &mut ObjData {
        let slots = Rc::make_mut(&mut self.slots);
        let slot = slots[id as usize].as_mut().expect("checked");
        if Rc::get_mut(&mut slot.data).is_none() {
            grow(slot.data.bytes.len() + slot.data.sym.len() * std::mem::size_of::<Option<ExprId>>());
        }
        Rc::make_mut(&mut slot.data)
    }

    /// Writes `len` (1..=8) bytes of `v` (a `C` or an `S` of width len*8 or
    /// more) at a checked location.
    pub(crate) fn write_scalar(&mut self, pool: &mut ExprPool, id: u64, off: u64, len: u64, v: &Val) {
        let (o, n) = (off as usize, len as usize);
        match v {
            Val::C(c) => {
                let data = self.data_mut(id);
                data.bytes[o..o + n].copy_from_slice(&c.to_le_bytes()[..n]);
                if !data.sym.is_empty() {
                    data.sym[o..o + n].iter_mut().for_each(|s| *s = None);
                }
            }
            Val::S(e) => {
                let w = pool.width(*e);
                let e = if (w as usize) < n * 8 { pool.zext(*e, (n * 8) as u8) } else { *e };
                let bytes: Vec<ExprId> = (0..n).map(|k| pool.extract(e, (k * 8) as u8, 8)).collect();
                let cap = self.cap;
                let data = self.data_mut(id);
                if !ensure_shadow(data, cap) {
                    self.shadow_failed = true;
                    return;
                }
                for (k, b) in bytes.into_iter().enumerate() {
                    match pool.as_const(b) {
                        Some(c) => {
                            data.bytes[o + k] = c as u8;
                            data.sym[o + k] = None;
                        }
                        None => data.sym[o + k] = Some(b),
                    }
                }
            }
            Val::Wide(w) => {
                let bytes = w.to_le_bytes();
                let data = self.data_mut(id);
                data.bytes[o..o + n].copy_from_slice(&bytes[..n]);
                if !data.sym.is_empty() {
                    data.sym[o..o + n].iter_mut().for_each(|s| *s = None);
                }
            }
            Val::Agg(_) => unreachable!("aggregates are stored field by field"),
        }
    }

    /// Writes one byte (constant or expression) at a checked location.
    pub(crate) fn write_byte(&mut self, pool: &ExprPool, id: u64, off: u64, b: Result<u8, ExprId>) {
        let cap = self.cap;
        let data = self.data_mut(id);
        let o = off as usize;
        let b = match b {
            Err(e) => match pool.as_const(e) {
                Some(c) => Ok(c as u8),
                None => Err(e),
            },
            ok => ok,
        };
        match b {
            Ok(c) => {
                data.bytes[o] = c;
                if !data.sym.is_empty() {
                    data.sym[o] = None;
                }
            }
            Err(e) => {
                if !ensure_shadow(data, cap) {
                    self.shadow_failed = true;
                    return;
                }
                data.sym[o] = Some(e);
            }
        }
    }

    /// Copies `len` bytes between checked locations (overlap-safe).
    pub fn copy(&mut self, dst: (u64, u64), src: (u64, u64), len: u64) {
        if len == 0 {
            return;
        }
        let s = self.slots[src.0 as usize].as_ref().expect("checked").data.clone();
        let (so, n) = (src.1 as usize, len as usize);
        let bytes: Vec<u8> = s.bytes[so..so + n].to_vec();
        let sym: Option<Vec<Option<ExprId>>> = if s.sym.is_empty() { None } else { Some(s.sym[so..so + n].to_vec()) };
        let cap = self.cap;
        let d = self.data_mut(dst.0);
        let o = dst.1 as usize;
        d.bytes[o..o + n].copy_from_slice(&bytes);
        match sym {
            Some(sv) => {
                if !ensure_shadow(d, cap) {
                    self.shadow_failed = true;
                    return;
                }
                d.sym[o..o + n].copy_from_slice(&sv);
            }
            None => {
                if !d.sym.is_empty() {
                    d.sym[o..o + n].iter_mut().for_each(|x| *x = None);
                }
            }
        }
    }

    /// The whole object's current bytes (concrete view) and symbolic overlay.
    pub fn data(&self, id: u64) -> &ObjData {
        &self.slots[id as usize].as_ref().expect("checked").data
    }

    /// Mutable access to a checked object's bytes.
    pub(crate) fn data_mut_pub(&mut self, id: u64) -> &mut ObjData {
        self.data_mut(id)
    }

    /// The live (allocated, not freed) objects: id and size, by id.
    pub fn live(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.slots.iter().enumerate().filter_map(|(id, s)| match s {
            Some(s) if !s.freed && id != 0 => Some((id as u64, s.meta.size)),
            _ => None,
        })
    }

    /// Number of object slots (live or not).
    pub(crate) fn num_slots(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(size: u64) -> ObjMeta {
        ObjMeta { size, kind: ObjKind::Heap, name: "o".into(), read_only: false, loc: LocId(0) }
    }

    #[test]
    fn an_object_over_4_gib_answers_past_its_first_id() {
        let mut m = Memory::default();
        let a = m.try_alloc_large(meta((1 << 32) + 1)).expect("mapped lazily");
        let id = a >> 32;
        assert_eq!(m.check(a + (1 << 32), 1, true), Ok((id, 1 << 32)));
        assert!(matches!(m.check(a + (1 << 32) + 1, 1, false), Err(MemFault::OutOfBounds { .. })));
        // An access may not straddle the object's end.
        assert!(matches!(m.check(a + (1 << 32), 2, false), Err(MemFault::OutOfBounds { .. })));
        // The next object takes the id after those it spans.
        assert_eq!(m.alloc(meta(8)) >> 32, id + 2);
        m.release(id);
        assert!(matches!(m.check(a + (1 << 32), 1, false), Err(MemFault::UseAfterFree { .. })));
    }

    #[test]
    fn a_shadow_the_host_cannot_allocate_is_refused_not_aborted() {
        // More than the address space: refused before any allocation.
        assert!(new_shadow(usize::MAX / 4).is_none());
        assert_eq!(new_shadow(16).map(|v| v.len()), Some(16));
    }

    #[test]
    fn a_shadow_over_the_memory_cap_is_refused_and_copies_on_write_are_counted() {
        // A 4 MiB object's shadow is 32 MiB: over a 16 MiB cap.
        let mut pool = ExprPool::new();
        let byte = pool.new_array("b", 1);
        let b = pool.var(byte, 0);
        let mut m = Memory { cap: Some(16 << 20), ..Memory::default() };
        let id = m.alloc(meta(4 << 20)) >> 32;
        m.write_byte(&pool, id, 7, Err(b));
        assert!(m.shadow_failed);
        assert_eq!(m.read_byte(id, 7), Ok(0), "the write was not done");
        // Without a cap the host holds it; a copy made on write is counted.
        let mut m = Memory::default();
        let id = m.alloc(meta(4 << 20)) >> 32;
        let shared = m.clone();
        let before = grown();
        m.write_byte(&pool, id, 7, Err(b));
        assert!(!m.shadow_failed);
        assert_eq!(m.read_byte(id, 7), Err(b));
        assert_eq!(shared.read_byte(id, 7), Ok(0));
        assert!(grown() - before >= (4 << 20) + (32 << 20), "{}", grown() - before);
    }

    #[test]
    fn a_fixed_object_answers_at_its_address_and_the_null_page_stays() {
        let mut m = Memory::default();
        let id = m.alloc(meta(8)) >> 32;
        assert!(m.fix_at(id, 0x80, 8));
        assert!(!m.fix_at(id, 0x84, 8), "overlaps");
        assert_eq!(m.check(0x84, 4, true), Ok((id, 4)));
        assert_eq!(m.check(0x88, 1, false), Err(MemFault::Null));
        assert_eq!(m.check(0x7f, 1, false), Err(MemFault::Null));
        assert_eq!(m.check(id << 32, 8, false), Ok((id, 0)));
    }
}
