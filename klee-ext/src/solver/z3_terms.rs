//! Small safe builders for the integer and Boolean Z3 terms the
//! second-order encodings are made of (one context, owned elsewhere).

// Z3's handles (`Z3_ast`, `Z3_model`) are opaque pointers owned by the
// context; the builders pass them to Z3 and never dereference them.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use crate::so::term::{INT_MAX, INT_MIN};
use std::ffi::CString;
use z3_sys::*;

/// Term builders over one context. The context outlives every term made
/// here (the owner deletes it last).
#[derive(Clone, Copy)]
pub struct Z {
    pub ctx: Z3_context,
    int: Z3_sort,
    boolean: Z3_sort,
}

/// How `ExactlyOne(selectors)` is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExactlyOne {
    /// Z3's pseudo-Boolean `((_ pbeq 1) ...)`.
    #[default]
    PbEq,
    /// An odd-even merge sorting network: sorted outputs `y0 >= y1 >= ..`,
    /// exactly one iff `y0 & !y1`.
    SortingNetwork,
}

// SAFETY (every method): `ctx` is a live context and every argument term was
// made from it.
impl Z {
    pub fn new(ctx: Z3_context) -> Z {
        unsafe { Z { ctx, int: Z3_mk_int_sort(ctx), boolean: Z3_mk_bool_sort(ctx) } }
    }

    fn sym(&self, name: &str) -> Z3_symbol {
        let c = CString::new(name.replace('\0', "_")).expect("NUL removed");
        unsafe { Z3_mk_string_symbol(self.ctx, c.as_ptr()) }
    }

    pub fn int_var(&self, name: &str) -> Z3_ast {
        unsafe { Z3_mk_const(self.ctx, self.sym(name), self.int) }
    }

    pub(crate) fn bool_var(&self, name: &str) -> Z3_ast {
        unsafe { Z3_mk_const(self.ctx, self.sym(name), self.boolean) }
    }

    pub fn int(&self, v: i64) -> Z3_ast {
        unsafe { Z3_mk_int64(self.ctx, v, self.int) }
    }

    /// An integer numeral of any size (powers of two up to 2^64).
    pub fn big(&self, v: i128) -> Z3_ast {
        if let Ok(x) = i64::try_from(v) {
            return self.int(x);
        }
        let c = CString::new(v.to_string()).expect("digits");
        unsafe { Z3_mk_numeral(self.ctx, c.as_ptr(), self.int) }
    }

    pub(crate) fn tt(&self) -> Z3_ast {
        unsafe { Z3_mk_true(self.ctx) }
    }

    pub(crate) fn ff(&self) -> Z3_ast {
        unsafe { Z3_mk_false(self.ctx) }
    }

    pub fn boolean(&self, b: bool) -> Z3_ast {
        if b {
            self.tt()
        } else {
            self.ff()
        }
    }

    pub fn add(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_add(self.ctx, 2, [a, b].as_ptr()) }
    }

    pub fn sub(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_sub(self.ctx, 2, [a, b].as_ptr()) }
    }

    pub fn mul(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_mul(self.ctx, 2, [a, b].as_ptr()) }
    }

    pub fn neg(&self, a: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_unary_minus(self.ctx, a) }
    }

    pub fn div(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_div(self.ctx, a, b) }
    }

    pub fn modulo(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_mod(self.ctx, a, b) }
    }

    pub fn ite(&self, c: Z3_ast, t: Z3_ast, e: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_ite(self.ctx, c, t, e) }
    }

    pub fn eq(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_eq(self.ctx, a, b) }
    }

    pub fn lt(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_lt(self.ctx, a, b) }
    }

    pub(crate) fn le(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_le(self.ctx, a, b) }
    }

    pub fn and(&self, xs: &[Z3_ast]) -> Z3_ast {
        match xs {
            [] => self.tt(),
            [x] => *x,
            _ => unsafe { Z3_mk_and(self.ctx, xs.len() as u32, xs.as_ptr()) },
        }
    }

    pub fn or(&self, xs: &[Z3_ast]) -> Z3_ast {
        match xs {
            [] => self.ff(),
            [x] => *x,
            _ => unsafe { Z3_mk_or(self.ctx, xs.len() as u32, xs.as_ptr()) },
        }
    }

    pub fn not(&self, a: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_not(self.ctx, a) }
    }

    pub(crate) fn xor(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_xor(self.ctx, a, b) }
    }

    pub fn implies(&self, a: Z3_ast, b: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_implies(self.ctx, a, b) }
    }

    /// `1` if `b`, else `0`.
    pub(crate) fn b2i(&self, b: Z3_ast) -> Z3_ast {
        self.ite(b, self.int(1), self.int(0))
    }

    /// `INT_MIN <= x <= INT_MAX` (the C `int` range).
    pub(crate) fn in_int_range(&self, x: Z3_ast) -> Z3_ast {
        self.and(&[self.le(self.int(INT_MIN), x), self.le(x, self.int(INT_MAX))])
    }

    /// Signed integer value of a bit-vector.
    pub(crate) fn sbv2int(&self, bv: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_bv2int(self.ctx, bv, true) }
    }

    /// The 32-bit two's complement of an integer in the `int` range.
    pub(crate) fn int2bv32(&self, x: Z3_ast) -> Z3_ast {
        unsafe { Z3_mk_int2bv(self.ctx, 32, x) }
    }

    pub fn exactly_one(&self, xs: &[Z3_ast], how: ExactlyOne) -> Z3_ast {
        match (xs.len(), how) {
            (0, _) => self.ff(),
            (1, _) => xs[0],
            (_, ExactlyOne::PbEq) => {
                let coeffs = vec![1i32; xs.len()];
                unsafe { Z3_mk_pbeq(self.ctx, xs.len() as u32, xs.as_ptr(), coeffs.as_ptr(), 1) }
            }
            (_, ExactlyOne::SortingNetwork) => {
                let mut v = xs.to_vec();
                let n = v.len().next_power_of_two();
                v.resize(n, self.ff());
                self.sort_desc(&mut v, 0, n);
                self.and(&[v[0], self.not(v[1])])
            }
        }
    }

    /// Batcher's odd-even merge sort on `v[lo..lo+n]` (n a power of two),
    /// descending: a comparator maps (a, b) to (a | b, a & b).
    fn sort_desc(&self, v: &mut [Z3_ast], lo: usize, n: usize) {
        if n > 1 {
            let m = n / 2;
            self.sort_desc(v, lo, m);
            self.sort_desc(v, lo + m, m);
            self.merge(v, lo, n, 1);
        }
    }

    fn merge(&self, v: &mut [Z3_ast], lo: usize, n: usize, r: usize) {
        let m = r * 2;
        if m < n {
            self.merge(v, lo, n, m);
            self.merge(v, lo + r, n, m);
            let mut i = lo + r;
            while i + r < lo + n {
                self.compare(v, i, i + r);
                i += m;
            }
        } else {
            self.compare(v, lo, lo + r);
        }
    }

    fn compare(&self, v: &mut [Z3_ast], i: usize, j: usize) {
        let (a, b) = (v[i], v[j]);
        v[i] = self.or(&[a, b]);
        v[j] = self.and(&[a, b]);
    }

    /// The value of a Boolean term in `model` (false when undetermined).
    pub(crate) fn model_bool(&self, model: Z3_model, a: Z3_ast) -> bool {
        unsafe {
            let mut out: Z3_ast = std::ptr::null_mut();
            Z3_model_eval(self.ctx, model, a, true, &mut out) && Z3_get_bool_value(self.ctx, out) == Z3_L_TRUE
        }
    }

    /// The value of an integer term in `model` (0 when undetermined).
    pub(crate) fn model_int(&self, model: Z3_model, a: Z3_ast) -> i64 {
        unsafe {
            let mut out: Z3_ast = std::ptr::null_mut();
            let mut v: i64 = 0;
            if Z3_model_eval(self.ctx, model, a, true, &mut out) && Z3_get_numeral_int64(self.ctx, out, &mut v) {
                v
            } else {
                0
            }
        }
    }
}
