//! Type layouts, precomputed from the module's data layout.

use super::LocId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyId(pub u32);

impl TyId {
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Void,
    /// An integer of the given bit width (1..=128; above 64, concrete only).
    Int(u8),
    Float,
    Double,
    /// x87 80-bit `long double` (10 bytes stored, 16 allocated; held as
    /// `Val::Wide`, computed exactly and concretely).
    LongDouble,
    Ptr,
    /// Fields at byte offsets.
    Struct(Box<[(u64, TyId)]>),
    Array {
        elem: TyId,
        n: u64,
        stride: u64,
    },
    /// A type the executor does not support (scalable vectors, integers
    /// wider than 128 bits, …).
    Unsupported(String),
}

/// A type and its layout.
#[derive(Clone, Debug, PartialEq)]
pub struct TyInfo {
    pub ty: Ty,
    /// Allocation size in bytes (with padding).
    pub size: u64,
    /// Bytes a load or store touches.
    pub store_size: u64,
    /// Bit width of a scalar (integers, pointers 64, float 32, double 64).
    pub bits: u8,
}

impl TyInfo {
    /// A scalar of at most 64 bits (one `u64` in a register).
    pub(crate) fn is_scalar(&self) -> bool {
        match self.ty {
            Ty::Int(w) => w <= 64,
            Ty::Float | Ty::Double | Ty::Ptr => true,
            _ => false,
        }
    }
}

/// Placeholder location for instructions without debug information.
pub(crate) const NO_LOC: LocId = LocId(0);
