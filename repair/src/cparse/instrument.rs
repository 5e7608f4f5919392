//! A source with its sites made holes: one site (`instrument`), or
//! several at once (`instrument_many`, one second-order variable each),
//! and the patched source of several sites (`replace_many`).

use super::{replace, Site, Var};

/// The call that stands for the hole.
pub const HOLE_FN: &str = "__se2repair_hole";

/// `src` with the site's hole in place, and the hole's definition (a
/// wrapper around `klee_apply_symbolic`) prepended on one line, followed by
/// a `#line` directive so that lines keep their numbers.
pub fn instrument(src: &str, site: &Site, file_name: &str) -> String {
    instrument_many(src, &[site], &[site.schema.hole_name().to_string()], file_name)
}

/// `src` with each of `sites` (disjoint, see [`disjoint`]) replaced by
/// a hole of its own, the hole `names[i]` for `sites[i]`: the first
/// calls [`HOLE_FN`], the next `HOLE_FN1`, … Lines keep their numbers.
pub fn instrument_many(src: &str, sites: &[&Site], names: &[String], file_name: &str) -> String {
    let mut header = String::new();
    let mut calls = Vec::with_capacity(sites.len());
    for (i, (site, name)) in sites.iter().zip(names).enumerate() {
        let f = if i == 0 { HOLE_FN.to_string() } else { format!("{HOLE_FN}{i}") };
        header.push_str(&hole_definition(site, &f, name));
        let call = format!("{f}({})", site.vars.iter().map(Var::arg).collect::<Vec<_>>().join(", "));
        // Captured sub-expressions are evaluated first, as the original
        // evaluates them.
        calls.push(if site.capture.is_empty() { call } else { format!("({{ {} {call}; }})", site.capture) });
    }
    header.push_str(&format!("\n#line 1 \"{}\"\n", file_name.replace('\\', "\\\\").replace('"', "\\\"")));
    // An inserted statement stays on its line: the lines keep their numbers.
    let inline: Vec<Site> = sites.iter().map(|s| Site { indent: " ".into(), ..(*s).clone() }).collect();
    let inline: Vec<&Site> = inline.iter().collect();
    header + &replace_many(src, &inline, &calls)
}

/// The definition of the hole function `f` for `site`, on one line: it
/// applies the second-order variable `name` to the site's variables.
fn hole_definition(site: &Site, f: &str, name: &str) -> String {
    let n = site.vars.len();
    let (ty, apply) = if site.real { ("double", "klee_apply_symbolic_f64") } else { ("int", "klee_apply_symbolic") };
    let params: Vec<String> = (0..n).map(|i| format!("{ty} a{i}")).collect();
    let args: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let body = if n == 0 {
        format!("return {apply}(\"{name}\", 0, 0);")
    } else {
        format!("{ty} args[{n}] = {{{}}}; return {apply}(\"{name}\", {n}, args);", args.join(", "))
    };
    format!(
        "int {apply}(const char *name, int nargs, {ty} *args); long long __se2_read_or_zero(const volatile void *p, unsigned long n, int kind); static int {f}({}) {{ {body} }} ",
        if n == 0 { "void".to_string() } else { params.join(", ") },
    )
}

/// Whether two sites can be holes of one program: their ranges do not
/// overlap (a guard's statement does not contain the other site).
pub fn disjoint(a: &Site, b: &Site) -> bool {
    a.range.end <= b.range.start || b.range.end <= a.range.start
}

/// `src` with every site's range replaced by its expression (as
/// [`replace`] does for one); the sites must be pairwise [`disjoint`].
pub fn replace_many(src: &str, sites: &[&Site], exprs: &[String]) -> String {
    let mut order: Vec<usize> = (0..sites.len()).collect();
    // From the last range to the first: earlier offsets stay valid.
    order.sort_by_key(|&i| std::cmp::Reverse(sites[i].range.start));
    let mut out = src.to_string();
    for i in order {
        out = replace(&out, sites[i], &exprs[i]);
    }
    out
}
