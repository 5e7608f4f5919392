//! Which LLVM wrote a bitcode file, and which one is linked in: the
//! producer string of the file's identification block (LLVM 3.8 and
//! later write one first, e.g. `LLVM16.0.6`). LLVM reads bitcode of its own and older versions only;
//! a newer file may parse and still mean something else, so it is refused
//! before parsing, naming both versions.
//!
//! The bitstream format (LLVM's "LLVM Bitcode File Format"): after the
//! magic, abbreviation ids of a width set per block; `ENTER_SUBBLOCK`
//! (1), `END_BLOCK` (0), `DEFINE_ABBREV` (2), `UNABBREV_RECORD` (3), and
//! records through defined abbreviations (4 and up).

/// The identification block's id, and its producer-string record's code.
const IDENTIFICATION_BLOCK: u64 = 13;
const PRODUCER_RECORD: u64 = 1;

struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bits<'_> {
    fn fixed(&mut self, width: u32) -> Option<u64> {
        let mut v = 0u64;
        for k in 0..width {
            let byte = *self.data.get(self.pos / 8)?;
            v |= u64::from((byte >> (self.pos % 8)) & 1) << k;
            self.pos += 1;
        }
        Some(v)
    }

    fn vbr(&mut self, width: u32) -> Option<u64> {
        let hi = 1u64 << (width - 1);
        let mut v = 0u64;
        for shift in (0..64).step_by(width as usize - 1) {
            let piece = self.fixed(width)?;
            v |= (piece & (hi - 1)) << shift;
            if piece & hi == 0 {
                return Some(v);
            }
        }
        None
    }

    fn align32(&mut self) {
        self.pos = self.pos.div_ceil(32) * 32;
    }
}

#[derive(Clone, Copy)]
enum Op {
    Literal(u64),
    Fixed(u32),
    Vbr(u32),
    Array,
    Char6,
    Blob,
}

fn read_op(b: &mut Bits, op: Op) -> Option<u64> {
    match op {
        Op::Literal(v) => Some(v),
        Op::Fixed(w) => b.fixed(w),
        Op::Vbr(w) => b.vbr(w),
        Op::Char6 => {
            let c = b.fixed(6)? as u8;
            Some(u64::from(match c {
                0..=25 => b'a' + c,
                26..=51 => b'A' + c - 26,
                52..=61 => b'0' + c - 52,
                62 => b'.',
                _ => b'_',
            }))
        }
        Op::Array | Op::Blob => None,
    }
}

/// The producer string of a bitcode file (`LLVM16.0.6`), when the file
/// starts with an identification block; `None` for anything else (text
/// IR, an older file, not bitcode: the reader then has its say).
pub fn producer(data: &[u8]) -> Option<String> {
    // The wrapper some platforms put around bitcode: magic, version,
    // offset, size.
    let data = if data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
        let off = u32::from_le_bytes(data.get(8..12)?.try_into().ok()?) as usize;
        data.get(off..)?
    } else {
        data
    };
    if !data.starts_with(b"BC\xC0\xDE") {
        return None;
    }
    let mut b = Bits { data, pos: 32 };
    // The first top-level block (abbreviation width 2).
    if b.fixed(2)? != 1 {
        return None;
    }
    if b.vbr(8)? != IDENTIFICATION_BLOCK {
        return None;
    }
    let width = b.vbr(4)? as u32;
    b.align32();
    b.fixed(32)?;
    let mut abbrevs: Vec<Vec<Op>> = Vec::new();
    loop {
        match b.fixed(width)? {
            0 | 1 => return None,
            2 => {
                let n = b.vbr(5)?;
                let mut ops = Vec::new();
                for _ in 0..n {
                    let op = if b.fixed(1)? == 1 {
                        Op::Literal(b.vbr(8)?)
                    } else {
                        match b.fixed(3)? {
                            1 => Op::Fixed(b.vbr(5)? as u32),
                            2 => Op::Vbr(b.vbr(5)? as u32),
                            3 => Op::Array,
                            4 => Op::Char6,
                            5 => Op::Blob,
                            _ => return None,
                        }
                    };
                    ops.push(op);
                }
                abbrevs.push(ops);
            }
            3 => {
                let code = b.vbr(6)?;
                let n = b.vbr(6)?;
                let vals = (0..n).map(|_| b.vbr(6)).collect::<Option<Vec<u64>>>()?;
                if code == PRODUCER_RECORD {
                    return Some(vals.iter().map(|&c| c as u8 as char).collect());
                }
            }
            id => {
                let ops = abbrevs.get(id as usize - 4)?.clone();
                let mut vals = Vec::new();
                let mut k = 0;
                while k < ops.len() {
                    match ops[k] {
                        Op::Array => {
                            let elem = *ops.get(k + 1)?;
                            let n = b.vbr(6)?;
                            for _ in 0..n {
                                vals.push(read_op(&mut b, elem)?);
                            }
                            k += 2;
                        }
                        Op::Blob => return None,
                        op => {
                            vals.push(read_op(&mut b, op)?);
                            k += 1;
                        }
                    }
                }
                if vals.first() == Some(&PRODUCER_RECORD) {
                    return Some(vals[1..].iter().map(|&c| c as u8 as char).collect());
                }
            }
        }
    }
}

/// The version of the LLVM linked in (`16.0.6`).
pub fn llvm_version() -> (u32, u32, u32) {
    let (mut a, mut b, mut c) = (0, 0, 0);
    // SAFETY: LLVM writes its version into the three locals.
    unsafe { llvm_sys::core::LLVMGetVersion(&mut a, &mut b, &mut c) };
    (a, b, c)
}

/// The major version in a producer string (`LLVM16.0.6` → 16).
pub(crate) fn producer_major(producer: &str) -> Option<u32> {
    let v = producer.strip_prefix("LLVM")?;
    v.split('.').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bitstream writer for the test's own identification blocks.
    struct W {
        bits: Vec<bool>,
    }
    impl W {
        fn fixed(&mut self, v: u64, w: u32) {
            for k in 0..w {
                self.bits.push(v >> k & 1 == 1);
            }
        }
        fn vbr(&mut self, mut v: u64, w: u32) {
            let hi = 1u64 << (w - 1);
            loop {
                if v < hi {
                    self.fixed(v, w);
                    return;
                }
                self.fixed((v & (hi - 1)) | hi, w);
                v >>= w - 1;
            }
        }
        fn align32(&mut self) {
            while !self.bits.len().is_multiple_of(32) {
                self.bits.push(false);
            }
        }
        fn bytes(&self) -> Vec<u8> {
            let mut out = b"BC\xC0\xDE".to_vec();
            for chunk in self.bits.chunks(8) {
                out.push(chunk.iter().enumerate().map(|(k, &b)| u8::from(b) << k).sum());
            }
            out
        }
    }

    fn header(w: &mut W) {
        w.fixed(1, 2);
        w.vbr(IDENTIFICATION_BLOCK, 8);
        w.vbr(5, 4);
        w.align32();
        w.fixed(3, 32);
    }

    #[test]
    fn an_abbreviated_char6_producer_is_read() {
        let mut w = W { bits: Vec::new() };
        header(&mut w);
        // DEFINE_ABBREV [literal 1, array of char6], as LLVM writes it.
        w.fixed(2, 5);
        w.vbr(3, 5);
        w.fixed(1, 1);
        w.vbr(1, 8);
        w.fixed(0, 1);
        w.fixed(3, 3);
        w.fixed(0, 1);
        w.fixed(4, 3);
        w.fixed(4, 5);
        let s = "LLVM17.0.6";
        w.vbr(s.len() as u64, 6);
        for c in s.bytes() {
            let v = match c {
                b'a'..=b'z' => c - b'a',
                b'A'..=b'Z' => c - b'A' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'.' => 62,
                _ => 63,
            };
            w.fixed(u64::from(v), 6);
        }
        assert_eq!(producer(&w.bytes()).as_deref(), Some(s));
        assert_eq!(producer_major(s), Some(17));
    }

    #[test]
    fn an_unabbreviated_producer_is_read() {
        let mut w = W { bits: Vec::new() };
        header(&mut w);
        w.fixed(3, 5);
        w.vbr(PRODUCER_RECORD, 6);
        let s = "LLVM9.0.1";
        w.vbr(s.len() as u64, 6);
        for c in s.bytes() {
            w.vbr(u64::from(c), 6);
        }
        assert_eq!(producer(&w.bytes()).as_deref(), Some(s));
        assert_eq!(producer_major(s), Some(9));
    }

    #[test]
    fn text_and_garbage_have_no_producer() {
        assert_eq!(producer(b"; ModuleID = 'x'\n"), None);
        assert_eq!(producer(b"BC\xC0\xDE"), None);
        assert_eq!(producer(&[]), None);
    }
}
