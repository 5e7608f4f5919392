//! The layering that ARCHITECTURE.md states, checked against the sources:
//! every `crate::…` path (and `super::…` path that leaves the crate root's
//! child) of each crate's top-level modules must be an import that the
//! "Layers" table allows, the table must have no circle and a row for every
//! module, and Z3, LLVM and clang may be named only where the tool table
//! says. A failure names the file and line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `crate → module → modules it may import`, from ARCHITECTURE.md.
type Table = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The source folder of each crate named in the table.
fn crate_dir(name: &str) -> PathBuf {
    let root = Path::new(ROOT);
    match name {
        "se2repair" => root.join("src"),
        other => root.join(other).join("src"),
    }
}

fn architecture() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The rows of the Markdown table that follows the line `header` in the
/// "Layers" section, as cells without backquotes.
fn table_rows(doc: &str, header: &str) -> Vec<Vec<String>> {
    let section =
        doc.split("\n## ").find(|s| s.starts_with("Layers")).expect("ARCHITECTURE.md has a `## Layers` section");
    let mut lines = section.lines().skip_while(|l| l.trim() != header);
    assert!(lines.next().is_some(), "ARCHITECTURE.md's Layers section has no table `{header}`");
    lines
        .skip(1) // |---|
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim().trim_matches('|').split('|').map(|c| c.trim().replace('`', "")).collect())
        .collect()
}

fn layers() -> Table {
    let mut t = Table::new();
    for row in table_rows(&architecture(), "| crate | module | may import |") {
        assert_eq!(row.len(), 3, "a Layers row has three cells: {row:?}");
        let allowed: BTreeSet<String> =
            row[2].split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty() && s != "—").collect();
        let prev = t.entry(row[0].clone()).or_default().insert(row[1].clone(), allowed);
        assert!(prev.is_none(), "module {} of {} has two rows", row[1], row[0]);
    }
    t
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = e.expect("entry").path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
}

/// A file's module path under its crate's `src/` (`exec/posix/fs.rs` →
/// `[exec, posix, fs]`; `exec/mod.rs` → `[exec]`; `lib.rs` → `[]`).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The line without a plain `//` comment; doc comments stay, since their
/// links (`[`crate::x`]`) name modules too. (Strings holding `//` are rare
/// on the lines that matter here.)
fn code(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with("///") || t.starts_with("//!") {
        return line;
    }
    line.find("//").map_or(line, |i| &line[..i])
}

fn ident(s: &str) -> String {
    s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// The first segments named after `prefix` in `text`: `crate::a::b` gives
/// `a`, `crate::{a::x, b}` gives `a` and `b`.
fn heads_after(text: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(ident(item.trim()));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.push(ident(item.trim()));
        } else {
            out.push(ident(rest));
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The crate-level modules a line imports, from `crate::` paths and from
/// `super::` chains that climb to the crate root.
fn imports(line: &str, module: &[String]) -> Vec<String> {
    let line = code(line);
    let mut out = heads_after(line, "crate::");
    // From module `a::b`, `super::super::` is the crate root.
    let chain = "super::".repeat(module.len());
    if !module.is_empty() && line.contains(&chain) && !line.contains(&format!("{chain}super::")) {
        out.extend(heads_after(line, &chain));
    }
    out
}

#[test]
fn layers_table_has_no_circle() {
    for (krate, modules) in layers() {
        // Depth-first search for a back edge.
        fn visit<'a>(
            m: &'a str, g: &'a BTreeMap<String, BTreeSet<String>>, state: &mut BTreeMap<&'a str, u8>,
            stack: &mut Vec<&'a str>,
        ) -> Option<Vec<String>> {
            match state.get(m) {
                Some(1) => {
                    return Some(
                        stack.iter().skip_while(|x| **x != m).map(|s| s.to_string()).chain([m.to_string()]).collect(),
                    )
                }
                Some(_) => return None,
                None => {}
            }
            state.insert(m, 1);
            stack.push(m);
            for n in g.get(m).into_iter().flatten() {
                if let Some(c) = visit(n, g, state, stack) {
                    return Some(c);
                }
            }
            stack.pop();
            state.insert(m, 2);
            None
        }
        let mut state = BTreeMap::new();
        for m in modules.keys() {
            if let Some(circle) = visit(m, &modules, &mut state, &mut Vec::new()) {
                panic!("ARCHITECTURE.md's Layers table has a circle in {krate}: {}", circle.join(" → "));
            }
        }
        for (m, allowed) in &modules {
            for a in allowed {
                assert!(modules.contains_key(a), "{krate}: `{m}` may import `{a}`, which has no row");
            }
        }
    }
}

#[test]
fn every_import_is_one_the_layers_table_allows() {
    let mut bad = Vec::new();
    for (krate, modules) in layers() {
        let dir = crate_dir(&krate);
        let mut files = Vec::new();
        rs_files(&dir, &mut files);
        for f in &files {
            let rel = f.strip_prefix(&dir).expect("under src");
            let module = module_path(rel);
            let Some(top) = module.first() else { continue };
            let Some(allowed) = modules.get(top) else {
                bad.push(format!(
                    "{}: module `{top}` of {krate} has no row in ARCHITECTURE.md's Layers table",
                    f.display()
                ));
                continue;
            };
            let text = std::fs::read_to_string(f).expect("source");
            for (n, line) in text.lines().enumerate() {
                for m in imports(line, &module) {
                    if &m != top && modules.contains_key(&m) && !allowed.contains(&m) {
                        bad.push(format!(
                            "{}:{}: `{top}` imports `{m}`, which the Layers table does not allow",
                            f.display(),
                            n + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "imports against ARCHITECTURE.md's layers:\n{}", bad.join("\n"));
}

/// Whether `line` names the tool of a row of the tool table.
fn names_tool(tool: &str, line: &str) -> bool {
    let line = code(line);
    let word_at = |pat: &str, next: &dyn Fn(char) -> bool| {
        line.match_indices(pat).any(|(i, _)| {
            let before = line[..i].chars().last();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && line[i + pat.len()..].chars().next().is_some_and(next)
        })
    };
    match tool {
        "Z3" => word_at("z3_sys", &|c| !c.is_alphanumeric()) || word_at("Z3_", &|c| c.is_ascii_alphabetic()),
        "the Z3 backends" => ["Z3Solver", "SoSolver", "z3_so::", "solver::z3::"]
            .iter()
            .any(|w| word_at(w, &|c| !c.is_alphanumeric() || w.ends_with(':'))),
        "LLVM" => word_at("llvm_sys", &|c| !c.is_alphanumeric()) || word_at("LLVM", &|c| c.is_ascii_uppercase()),
        "clang" => line.contains("find_clang") || line.contains("\"clang"),
        other => panic!("the tool table names `{other}`, which this test does not know"),
    }
}

#[test]
fn outside_tools_are_named_only_where_the_table_says() {
    let rows = table_rows(&architecture(), "| tool | recognized by | only in |");
    assert!(rows.len() >= 4, "the tool table has rows for Z3, its backends, LLVM and clang");
    let root = Path::new(ROOT);
    let mut files = Vec::new();
    for d in ["src", "klee-ext/src", "repair/src", "dbgbench/src"] {
        rs_files(&root.join(d), &mut files);
    }
    files.extend(["klee-ext/build.rs", "repair/build.rs"].map(|f| root.join(f)));
    let mut bad = Vec::new();
    for row in rows {
        let places: Vec<&str> = row[2].split(',').map(str::trim).collect();
        let allowed = |rel: &str| {
            places.iter().any(|p| match p.split_once('*') {
                Some((pre, post)) => rel.starts_with(pre) && rel.ends_with(post) && !rel[pre.len()..].contains('/'),
                None if p.ends_with('/') => rel.starts_with(p),
                None => rel == *p,
            })
        };
        for f in &files {
            let rel = f.strip_prefix(root).expect("in the tree").to_string_lossy().into_owned();
            if allowed(&rel) {
                continue;
            }
            let text = std::fs::read_to_string(f).expect("source");
            for (n, line) in text.lines().enumerate() {
                if names_tool(&row[0], line) {
                    bad.push(format!("{rel}:{}: names {} outside {}", n + 1, row[0], row[2]));
                }
            }
        }
    }
    assert!(bad.is_empty(), "outside tools named where ARCHITECTURE.md does not allow them:\n{}", bad.join("\n"));
}

/// Invariant 23: every child process is started through `klee_ext::procs`,
/// which puts it in a group that ends with the tool; a direct
/// `Command::spawn`/`output`/`status` elsewhere would escape that.
#[test]
fn children_are_started_only_through_procs() {
    let root = Path::new(ROOT);
    let mut files = Vec::new();
    for d in ["src", "klee-ext/src", "repair/src", "dbgbench/src", "runtest/src", "ktest-format/src"] {
        if root.join(d).is_dir() {
            rs_files(&root.join(d), &mut files);
        }
    }
    let mut bad = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root).expect("in the tree").to_string_lossy().into_owned();
        if rel == "klee-ext/src/procs/mod.rs" {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("source");
        for (n, line) in text.lines().enumerate() {
            let c = code(line);
            if [".spawn()", ".output()", ".status()"].iter().any(|m| c.contains(m)) {
                bad.push(format!("{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "children started outside klee_ext::procs:\n{}", bad.join("\n"));
}

#[test]
fn the_import_reader_reads_groups_and_climbs() {
    assert_eq!(heads_after("use crate::{expr::{A, B}, so::Pool};", "crate::"), ["expr", "so"]);
    assert_eq!(heads_after("let x = crate::exec::mask(3); // crate::ir", "crate::"), ["exec", "ir"]);
    assert_eq!(imports("let x = crate::exec::mask(3); // crate::ir", &["so".into()]), ["exec"]);
    assert_eq!(imports("/// See [`crate::spec`].", &["so".into()]), ["spec"]);
    assert_eq!(imports("use super::super::ir::Val;", &["exec".into(), "posix".into()]), ["ir"]);
    assert!(imports("use super::Executor;", &["exec".into(), "posix".into()]).is_empty());
    assert!(names_tool("Z3", "let s = Z3_mk_solver(ctx);"));
    assert!(names_tool("the Z3 backends", "use klee_ext::solver::z3::Z3Solver;"));
    assert!(!names_tool("the Z3 backends", "let fo = klee_ext::solver::first_order(t);"));
    assert!(!names_tool("Z3", "// Z3's own handler"));
    assert!(names_tool("LLVM", "let t = LLVMTypeOf(v);"));
    assert!(!names_tool("LLVM", "cmd.env(\"LLVM_COMPILER\", x);"));
}

/// The module paths a line names from `crate::`, `super::` or `self::`,
/// groups read one level deep: `use super::{a::X, b};` gives
/// `[super, a, X]` and `[super, b]`.
fn paths_in(line: &str) -> Vec<Vec<String>> {
    let line = code(line);
    let segments =
        |s: &str| -> Vec<String> { s.split("::").map(|p| ident(p.trim())).take_while(|p| !p.is_empty()).collect() };
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut at = 0;
        while let Some(i) = line[at..].find(start) {
            let i = at + i;
            at = i + start.len();
            if line[..i].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &line[i..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            let head = segments(&rest[..end]);
            match rest[end..].strip_prefix('{').filter(|_| rest[..end].ends_with("::")) {
                Some(group) => {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    for item in group.split(',') {
                        let mut p = head.clone();
                        p.extend(segments(item.trim().trim_end_matches('{')));
                        out.push(p);
                    }
                }
                None => out.push(head),
            }
        }
    }
    out
}

/// The files of a crate's `src` (by module path) each file's code, before
/// its tests, names another file of, except its own ancestors (a module
/// uses what its parents share).
fn file_imports(dir: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rs_files(dir, &mut files);
    let modules: BTreeSet<Vec<String>> =
        files.iter().map(|f| module_path(f.strip_prefix(dir).expect("under src"))).collect();
    let mut graph = BTreeMap::new();
    for f in &files {
        let me = module_path(f.strip_prefix(dir).expect("under src"));
        let text = std::fs::read_to_string(f).expect("a source");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let mut uses = BTreeSet::new();
        for path in code.lines().flat_map(paths_in) {
            let mut at: Vec<String> = if path[0] == "crate" { Vec::new() } else { me.clone() };
            for _ in path.iter().take_while(|s| *s == "super") {
                at.pop();
            }
            let from = path.iter().position(|s| !matches!(s.as_str(), "crate" | "super" | "self"));
            at.extend(path[from.unwrap_or(path.len())..].iter().cloned());
            let Some(m) = (0..=at.len()).rev().map(|k| at[..k].to_vec()).find(|m| modules.contains(m)) else {
                continue;
            };
            if !me.starts_with(&m) {
                uses.insert(m);
            }
        }
        graph.insert(me, uses);
    }
    graph
}

/// The circles among the files of `graph`: its strongly connected parts
/// of more than one file, each sorted, in order.
fn file_circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    // Each file's reach, then the files that reach each other.
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for n in graph.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    todo.push(n.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (m, r) in &reaches {
        if !r.contains(*m) {
            continue;
        }
        let part: Vec<String> =
            r.iter().filter(|n| reaches.get(n).is_some_and(|rn| rn.contains(*m))).map(|n| n.join("/")).collect();
        if !out.contains(&part) {
            out.push(part);
        }
    }
    out.sort();
    out
}

/// No file of a crate imports, through others, a file that imports it:
/// the files of a module read in one order, bottom up.
#[test]
fn no_file_imports_itself_through_others() {
    let mut found = Vec::new();
    for krate in layers().keys() {
        let graph = file_imports(&crate_dir(krate));
        assert!(graph.len() > 3, "{krate}: its files were not read");
        found.extend(file_circles(&graph).into_iter().map(|c| format!("{krate}: {}", c.join(" ⟷ "))));
    }
    assert!(found.is_empty(), "circles of imports among files:\n{}", found.join("\n"));
}

#[test]
fn the_file_reader_reads_paths_and_finds_circles() {
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(paths_in("use super::{a::X, b};"), [p(&["super", "a", "X"]), p(&["super", "b"])]);
    assert_eq!(paths_in("let x = crate::so::lang::f(); // crate::ir"), [p(&["crate", "so", "lang", "f"])]);
    assert_eq!(paths_in("use super::super::ir::Val;"), [p(&["super", "super", "ir", "Val"])]);
    let mut g = BTreeMap::new();
    g.insert(p(&["a"]), BTreeSet::from([p(&["b"])]));
    g.insert(p(&["b"]), BTreeSet::new());
    assert!(file_circles(&g).is_empty());
    g.insert(p(&["b"]), BTreeSet::from([p(&["a"])]));
    g.insert(p(&["c"]), BTreeSet::from([p(&["a"])]));
    assert_eq!(file_circles(&g), [p(&["a", "b"])]);
    // Read from the sources: the choice uses the report's part of it, and
    // a search its parent's shared types without an edge.
    let repair = file_imports(&crate_dir("repair"));
    assert!(repair[&p(&["fix", "pool"])].contains(&p(&["fix", "verdict"])));
    assert!(!repair[&p(&["search", "exhaustive"])].contains(&p(&["search"])));
}
