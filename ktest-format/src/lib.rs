//! KLEE's `.ktest` format (version 3), readable by KLEE's `ktest-tool`.
//!
//! Layout, integers big-endian: `"KTEST"`, version u32, argument count u32
//! and each argument as (u32 length, bytes), `sym_argvs` u32,
//! `sym_argv_len` u32, object count u32, and each object as (u32 name
//! length, name, u32 size, bytes).

use std::io::{self, Read, Write};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KTest {
    pub args: Vec<String>,
    pub sym_argvs: u32,
    pub sym_argv_len: u32,
    pub objects: Vec<(String, Vec<u8>)>,
}

const MAGIC: &[u8; 5] = b"KTEST";
const VERSION: u32 = 3;

impl KTest {
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_be_bytes())?;
        w.write_all(&(self.args.len() as u32).to_be_bytes())?;
        for a in &self.args {
            write_bytes(w, a.as_bytes())?;
        }
        w.write_all(&self.sym_argvs.to_be_bytes())?;
        w.write_all(&self.sym_argv_len.to_be_bytes())?;
        w.write_all(&(self.objects.len() as u32).to_be_bytes())?;
        for (name, bytes) in &self.objects {
            write_bytes(w, name.as_bytes())?;
            write_bytes(w, bytes)?;
        }
        Ok(())
    }

    pub fn read_from(r: &mut impl Read) -> io::Result<KTest> {
        let mut magic = [0u8; 5];
        r.read_exact(&mut magic)?;
        if &magic != MAGIC && &magic != b"BOUT\n" {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "not a .ktest file (bad magic)"));
        }
        let version = read_u32(r)?;
        if version > VERSION {
            return Err(io::Error::new(io::ErrorKind::InvalidData, format!("unsupported .ktest version {version}")));
        }
        let nargs = read_u32(r)?;
        let mut args = Vec::new();
        for _ in 0..nargs {
            args.push(String::from_utf8_lossy(&read_bytes(r)?).into_owned());
        }
        let (sym_argvs, sym_argv_len) = if version >= 2 { (read_u32(r)?, read_u32(r)?) } else { (0, 0) };
        let nobj = read_u32(r)?;
        let mut objects = Vec::new();
        for _ in 0..nobj {
            let name = String::from_utf8_lossy(&read_bytes(r)?).into_owned();
            objects.push((name, read_bytes(r)?));
        }
        Ok(KTest { args, sym_argvs, sym_argv_len, objects })
    }

    /// Writes the test to `path` (created or replaced).
    pub fn save(&self, path: &std::path::Path) -> io::Result<()> {
        let mut w = io::BufWriter::new(std::fs::File::create(path)?);
        self.write_to(&mut w)?;
        w.flush()
    }

    pub fn load(path: &std::path::Path) -> io::Result<KTest> {
        KTest::read_from(&mut io::BufReader::new(std::fs::File::open(path)?))
    }
}

fn write_bytes(w: &mut impl Write, b: &[u8]) -> io::Result<()> {
    w.write_all(&(b.len() as u32).to_be_bytes())?;
    w.write_all(b)
}

fn read_u32(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_be_bytes(b))
}

fn read_bytes(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let n = read_u32(r)? as usize;
    if n > 1 << 30 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "object too large"));
    }
    let mut v = vec![0u8; n];
    r.read_exact(&mut v)?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let k = KTest {
            args: vec!["prog.bc".into(), "--sym-arg".into(), "3".into()],
            sym_argvs: 1,
            sym_argv_len: 3,
            objects: vec![("x".into(), vec![1, 2, 3, 4]), ("arg00".into(), b"ab\0\0".to_vec())],
        };
        let mut buf = Vec::new();
        k.write_to(&mut buf).unwrap();
        assert_eq!(&buf[..5], b"KTEST");
        assert_eq!(KTest::read_from(&mut buf.as_slice()).unwrap(), k);
        assert!(KTest::read_from(&mut &b"NOPE!"[..]).is_err());
    }
}
