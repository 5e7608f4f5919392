//! Files of KLEE's output folder that need their own format: Test-Comp's
//! `testN.xml` and `metadata.xml` (`--write-xml-tests`), and the local
//! time stamps of `info`.

use std::fmt::Write;

/// `t` as local time, `YYYY-MM-DD HH:MM:SS` (KLEE's `info` lines).
pub(crate) fn local_time(t: std::time::SystemTime) -> String {
    strftime(t, c"%Y-%m-%d %H:%M:%S")
}

fn strftime(t: std::time::SystemTime, fmt: &std::ffi::CStr) -> String {
    let secs = t.duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as libc::time_t).unwrap_or(0);
    // SAFETY: `tm` is written by localtime_r before use; the buffer's size
    // is passed to strftime, which NUL-terminates within it.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&secs, &mut tm).is_null() {
            return String::new();
        }
        let mut buf = [0u8; 64];
        let n = libc::strftime(buf.as_mut_ptr() as *mut libc::c_char, buf.len(), fmt.as_ptr(), &tm);
        String::from_utf8_lossy(&buf[..n]).into_owned()
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The value of an object's little-endian bytes as Test-Comp writes it:
/// signed unless the object's name (its type, by Test-Comp's convention)
/// says unsigned, pointer, `_Bool` or `…_t`; floats as decimals.
fn xml_value(name: &str, bytes: &[u8]) -> String {
    let unsigned = name.starts_with('u') || name.contains('*') || name.ends_with("_t") || name.starts_with('_');
    if bytes.len() > 16 {
        return format!("0x{}", bytes.iter().rev().map(|b| format!("{b:02x}")).collect::<String>());
    }
    let mut v: u128 = 0;
    for b in bytes.iter().rev() {
        v = (v << 8) | *b as u128;
    }
    let bits = bytes.len() as u32 * 8;
    if name.starts_with("float") && bytes.len() == 4 {
        return format!("{}", f32::from_bits(v as u32));
    }
    if name.starts_with("double") && bytes.len() == 8 {
        return format!("{}", f64::from_bits(v as u64));
    }
    if unsigned || bits == 0 {
        return v.to_string();
    }
    let shift = 128 - bits;
    (((v << shift) as i128) >> shift).to_string()
}

/// One Test-Comp test case.
pub(crate) fn xml_test(objects: &[(String, Vec<u8>)], is_error: bool) -> String {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    s.push_str("<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.0//EN\" \"https://sosy-lab.org/test-format/testcase-1.0.dtd\">\n");
    s.push_str(if is_error { "<testcase coversError=\"true\">\n" } else { "<testcase>\n" });
    for (name, bytes) in objects {
        let n = escape(name);
        let _ = writeln!(s, "\t<input variable=\"{n}\" type =\"{n}\">{}</input>", xml_value(name, bytes));
    }
    s.push_str("</testcase>\n");
    s
}

/// Test-Comp's `metadata.xml`.
pub(crate) fn xml_metadata(file: &str, hash: &str, exit_on_error: bool, started: std::time::SystemTime) -> String {
    let spec = if exit_on_error {
        "COVER( init(main()), FQL(COVER EDGES(@CALL(__VERIFIER_error))) )"
    } else {
        "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )"
    };
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    s.push_str("<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.0//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.0.dtd\">\n");
    s.push_str("<test-metadata>\n\t<sourcecodelang>C</sourcecodelang>\n");
    let _ = writeln!(s, "\t<producer>se2repair {}</producer>", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(s, "\t<specification>{spec}</specification>");
    let _ = writeln!(s, "\t<programfile>{}</programfile>", escape(file));
    let _ = writeln!(s, "\t<programhash>{}</programhash>", escape(hash));
    s.push_str("\t<entryfunction>main</entryfunction>\n\t<architecture>64bit</architecture>\n");
    let _ = writeln!(s, "\t<creationtime>{}</creationtime>", strftime(started, c"%Y-%m-%dT%H:%M:%SZ"));
    s.push_str("</test-metadata>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_values_follow_the_type_in_the_name() {
        assert_eq!(xml_value("int", &(-5i32).to_le_bytes()), "-5");
        assert_eq!(xml_value("unsigned int", &(-5i32).to_le_bytes()), "4294967291");
        assert_eq!(xml_value("char", &[0xff]), "-1");
        assert_eq!(xml_value("double", &1.5f64.to_le_bytes()), "1.5");
        let t = xml_test(&[("int".into(), 7i32.to_le_bytes().to_vec())], true);
        assert!(t.contains("<testcase coversError=\"true\">"), "{t}");
        assert!(t.contains("<input variable=\"int\" type =\"int\">7</input>"), "{t}");
    }
}
