//! `setlocale`: the program's locale is a host `locale_t` made with
//! `newlocale` from the names the program asks for (`""` reads LC_ALL,
//! LC_<category> and LANG from the program's environment), and every host
//! call runs under it with `uselocale`, so `MB_CUR_MAX`, `mbrtowc`, the
//! wide character classes and `nl_langinfo` answer as natively, while the
//! tool's own locale never changes. The locale is the path's
//! (`Proc::locale`): paths that forked before a `setlocale` keep theirs.

use super::{Executor, State, Termination};
use crate::ir::Val;

/// The program's locale (shared by the paths that forked since it was
/// set; a `setlocale` makes a new one).
#[derive(Debug)]
pub struct ProgLocale {
    pub handle: libc::locale_t,
    /// The name of each category, LC_CTYPE (0) to LC_IDENTIFICATION (12).
    pub names: Vec<Vec<u8>>,
}

impl Default for ProgLocale {
    fn default() -> Self {
        ProgLocale { handle: std::ptr::null_mut(), names: vec![b"C".to_vec(); 13] }
    }
}

impl Drop for ProgLocale {
    fn drop(&mut self) {
        if !self.handle.is_null() {
            // SAFETY: a locale made by newlocale and owned here.
            unsafe { libc::freelocale(self.handle) };
        }
    }
}

const CATEGORY_NAMES: [&str; 13] = [
    "LC_CTYPE",
    "LC_NUMERIC",
    "LC_TIME",
    "LC_COLLATE",
    "LC_MONETARY",
    "LC_MESSAGES",
    "LC_ALL",
    "LC_PAPER",
    "LC_NAME",
    "LC_ADDRESS",
    "LC_TELEPHONE",
    "LC_MEASUREMENT",
    "LC_IDENTIFICATION",
];

impl<'p> Executor<'p> {
    pub(super) fn setlocale(&mut self, st: &mut State, cat: i32, name: u64) -> Result<Val, Termination> {
        if !(0..13).contains(&cat) {
            self.set_errno(st, libc::EINVAL);
            return Ok(Val::C(0));
        }
        let cats: Vec<usize> =
            if cat == libc::LC_ALL { (0..13).filter(|&c| c != 6).collect() } else { vec![cat as usize] };
        if name != 0 {
            let req = self.read_cbytes(st, &Val::C(name))?;
            let env = self.environ_strings(st)?;
            let lookup = |k: &str| {
                env.iter().find_map(|e| {
                    e.strip_prefix(format!("{k}=").as_bytes()).filter(|v| !v.is_empty()).map(|v| v.to_vec())
                })
            };
            let mut chosen = Vec::new();
            for &c in &cats {
                let n = if req.is_empty() {
                    lookup("LC_ALL")
                        .or_else(|| lookup(CATEGORY_NAMES[c]))
                        .or_else(|| lookup("LANG"))
                        .unwrap_or_else(|| b"C".to_vec())
                } else {
                    req.clone()
                };
                chosen.push((c, n));
            }
            let mut handle = st.proc.locale.handle;
            let mut made = Vec::new();
            for (c, n) in &chosen {
                let Ok(cn) = std::ffi::CString::new(n.clone()) else { return Ok(Val::C(0)) };
                let base = if handle.is_null() {
                    std::ptr::null_mut()
                } else {
                    // SAFETY: duplicating a live locale so that a failure
                    // leaves the program's locale unchanged.
                    unsafe { libc::duplocale(handle) }
                };
                // SAFETY: newlocale with a valid mask and name; on failure
                // `base` is still ours to free.
                let h = unsafe { libc::newlocale(1 << *c, cn.as_ptr(), base) };
                if h.is_null() {
                    if !base.is_null() {
                        unsafe { libc::freelocale(base) };
                    }
                    made.into_iter().for_each(|m: libc::locale_t| unsafe { libc::freelocale(m) });
                    self.set_errno(st, libc::ENOENT);
                    return Ok(Val::C(0));
                }
                made.push(h);
                handle = h;
            }
            // Keep only the last locale made; free the intermediate ones.
            // The path's previous locale is freed with its last holder.
            if let Some(last) = made.pop() {
                for m in made {
                    // SAFETY: intermediate locales nobody else holds.
                    unsafe { libc::freelocale(m) };
                }
                let mut names = st.proc.locale.names.clone();
                for (c, n) in chosen {
                    names[c] = n;
                }
                st.proc.locale = std::rc::Rc::new(ProgLocale { handle: last, names });
            }
        }
        let name: Vec<u8> = if cat == libc::LC_ALL {
            let all: Vec<&Vec<u8>> = cats.iter().map(|&c| &st.proc.locale.names[c]).collect();
            if all.iter().all(|n| *n == all[0]) {
                all[0].clone()
            } else {
                let parts: Vec<String> = cats
                    .iter()
                    .map(|&c| format!("{}={}", CATEGORY_NAMES[c], String::from_utf8_lossy(&st.proc.locale.names[c])))
                    .collect();
                parts.join(";").into_bytes()
            }
        } else {
            st.proc.locale.names[cat as usize].clone()
        };
        let mut bytes = name;
        bytes.push(0);
        let a = self.alloc_object(st, bytes.len() as u64, super::memory::ObjKind::Internal, "locale name")?;
        st.mem.data_mut_pub(a >> 32).bytes.copy_from_slice(&bytes);
        Ok(Val::C(a))
    }

    /// The program's environment strings (`environ`).
    pub(super) fn environ_strings(&mut self, st: &mut State) -> Result<Vec<Vec<u8>>, Termination> {
        let Some(&g) = self.prog.global_by_name.get("environ") else { return Ok(Vec::new()) };
        let id = g as u64 + 1;
        let v = st.mem.read_scalar(&mut self.pool, id, 0, 8);
        let p = self.concrete_of(st, v, "environ")?;
        self.string_array(st, p)
    }
}
