//! Tests written into a project: as YAML list items, appended to
//! `se2repair.yaml` in place (the rest of the file as it was), checked by
//! reading the file back, and written atomically.

use super::{err, ConfigError, MatchKind, Project, TestCase, PROJECT_FILE};
use std::path::Path;

/// One test as the project file writes it.
#[derive(serde::Serialize)]
struct OutTest<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    args: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    stdin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stdout: Option<&'a str>,
    #[serde(rename = "match", skip_serializing_if = "is_exact")]
    match_kind: MatchKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    exit: Option<i32>,
}

fn is_exact(m: &MatchKind) -> bool {
    *m == MatchKind::Exact
}

/// `tests` as the items of a YAML list, each line indented by two spaces.
/// Only what an answered test has is written: arguments, stdin, stdout,
/// its match and exit code.
pub fn tests_yaml(tests: &[&TestCase]) -> Result<String, ConfigError> {
    let out: Vec<OutTest> = tests
        .iter()
        .map(|t| OutTest {
            name: &t.name,
            args: &t.args,
            stdin: (!t.stdin.is_empty()).then(|| String::from_utf8_lossy(&t.stdin).into_owned()),
            stdout: t.stdout.as_deref(),
            match_kind: t.match_kind,
            exit: t.exit,
        })
        .collect();
    let text = serde_yaml_ng::to_string(&out).map_err(|e| err(format!("cannot write the tests as YAML: {e}")))?;
    Ok(text.lines().map(|l| format!("  {l}\n")).collect())
}

/// `text` (a project file) with `items` (from [`tests_yaml`]) added to
/// its `tests:` list, or a new list at its end.
fn with_items(text: &str, items: &str) -> Result<String, ConfigError> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = lines.iter().position(|l| l.starts_with("tests:")) else {
        let sep = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
        return Ok(format!("{text}{sep}tests:\n{items}"));
    };
    let rest = lines[at]["tests:".len()..].trim();
    let rest = rest.split(" #").next().unwrap_or("").trim();
    if rest == "[]" {
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        out[at] = "tests:".into();
        let (head, tail) = out.split_at(at + 1);
        return Ok(format!(
            "{}\n{items}{}",
            head.join("\n"),
            tail.iter().map(|l| format!("{l}\n")).collect::<String>()
        ));
    }
    if !rest.is_empty() && !rest.starts_with('#') {
        return Err(err(format!(
            "unsupported: {PROJECT_FILE}'s `tests:` is not a block list (one `- name: …` item per test); add the test by hand"
        )));
    }
    // The list goes on over indented, list, blank and comment lines; the
    // new items go after its last item, indented as its first one.
    let mut end = at + 1;
    let mut indent: Option<usize> = None;
    for (i, l) in lines.iter().enumerate().skip(at + 1) {
        let t = l.trim_start();
        if !(l.starts_with(' ') || l.starts_with('-') || t.is_empty() || t.starts_with('#')) {
            break;
        }
        if !t.is_empty() && !t.starts_with('#') {
            end = i + 1;
            if t.starts_with('-') && indent.is_none() {
                indent = Some(l.len() - t.len());
            }
        }
    }
    let pad = " ".repeat(indent.unwrap_or(2));
    let items: String = items.lines().map(|l| format!("{pad}{}\n", &l[2.min(l.len())..])).collect();
    let head: String = lines[..end].iter().map(|l| format!("{l}\n")).collect();
    let tail: String = lines[end..].iter().map(|l| format!("{l}\n")).collect();
    Ok(format!("{head}{items}{tail}"))
}

/// Adds `tests` to `dir/se2repair.yaml`, a test whose name is taken
/// renamed `NAME-2`, `NAME-3`, …: the file read back must give every test
/// it gave before and the new ones, and replaces the old one by a rename
/// (its permissions kept), so it is never left half written. Returns the
/// names the tests were added under.
pub fn append_tests(dir: &Path, tests: &[&TestCase]) -> Result<Vec<String>, ConfigError> {
    use std::io::Write;
    let file = dir.join(PROJECT_FILE);
    let before = Project::load(dir)?;
    let mut taken: Vec<String> = before.tests.iter().map(|t| t.name.clone()).collect();
    let mut named: Vec<TestCase> = Vec::new();
    for t in tests {
        let name = (1..)
            .map(|k| if k == 1 { t.name.clone() } else { format!("{}-{k}", t.name) })
            .find(|n| !taken.contains(n))
            .unwrap_or_else(|| t.name.clone());
        taken.push(name.clone());
        named.push(TestCase { name, ..(*t).clone() });
    }
    let tests: Vec<&TestCase> = named.iter().collect();
    let text = std::fs::read_to_string(&file).map_err(|e| err(format!("{}: {e}", file.display())))?;
    let new = with_items(&text, &tests_yaml(&tests)?)?;
    let after = Project::parse(dir, &file, &new)?;
    let kept = after.tests.len() == before.tests.len() + tests.len()
        && tests.iter().all(|t| after.tests.iter().any(|a| a.name == t.name && a.stdout == t.stdout));
    if !kept {
        return Err(err(format!("{}: the tests could not be added in place; add them by hand", file.display())));
    }
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
    tmp.write_all(new.as_bytes()).and_then(|_| tmp.as_file().sync_all()).map_err(|e| err(format!("{e}")))?;
    if let Ok(m) = std::fs::metadata(&file) {
        let _ = std::fs::set_permissions(tmp.path(), m.permissions());
    }
    tmp.persist(&file).map_err(|e| err(format!("{}: cannot replace: {e}", file.display())))?;
    Ok(named.into_iter().map(|t| t.name).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(name: &str, stdin: &str, stdout: &str) -> TestCase {
        TestCase {
            name: name.into(),
            stdin: stdin.as_bytes().to_vec(),
            stdout: Some(stdout.into()),
            ..TestCase::default()
        }
    }

    #[test]
    fn items_go_after_the_last_test_indented_alike() {
        let t = test("answer-1", "7 3\n", "4\n");
        let items = tests_yaml(&[&t]).unwrap();
        let text = "sources: [prog.c]\ntests:\n    - name: a\n      stdin: \"1\"\n      stdout: \"1\"\n\n# later\ntimeout: 20\n";
        let new = with_items(text, &items).unwrap();
        assert!(new.starts_with("sources: [prog.c]\ntests:\n    - name: a\n      stdin: \"1\"\n      stdout: \"1\"\n    - name: answer-1\n"), "{new}");
        assert!(new.ends_with("\n# later\ntimeout: 20\n"), "{new}");
        // No list yet, or an empty one.
        assert!(with_items("sources: [p.c]\ntests_dir: t\n", &items)
            .unwrap()
            .starts_with("sources: [p.c]\ntests_dir: t\ntests:\n  - name: answer-1\n"));
        assert!(with_items("sources: [p.c]\ntests: []\n", &items).unwrap().contains("tests:\n  - name: answer-1"));
        assert!(with_items("sources: [p.c]\ntests: [{name: a, stdout: x}]\n", &items).is_err());
    }

    #[test]
    fn appended_tests_read_back_and_the_rest_of_the_file_stays() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("prog.c"), "int main(void) { return 0; }\n").unwrap();
        let text = "# a project\nsources: [prog.c]\ntests:\n  - {name: a, stdin: \"1\", stdout: \"1\"}  # first\n";
        std::fs::write(d.path().join(PROJECT_FILE), text).unwrap();
        let t = test("answer-1", "7 3\n", "4\n");
        append_tests(d.path(), &[&t]).unwrap();
        let now = std::fs::read_to_string(d.path().join(PROJECT_FILE)).unwrap();
        assert!(now.starts_with(text), "{now}");
        let p = Project::load(d.path()).unwrap();
        assert_eq!(p.tests.len(), 2);
        assert_eq!((p.tests[1].stdin.as_slice(), p.tests[1].stdout.as_deref()), (&b"7 3\n"[..], Some("4\n")));
        // The same name again is renamed.
        assert_eq!(append_tests(d.path(), &[&t, &t]).unwrap(), ["answer-1-2", "answer-1-3"]);
        assert_eq!(Project::load(d.path()).unwrap().tests.len(), 4);
        // A file that would not read back is left alone.
        let bad = TestCase { name: "bad".into(), ..TestCase::default() };
        let before = std::fs::read_to_string(d.path().join(PROJECT_FILE)).unwrap();
        assert!(append_tests(d.path(), &[&bad]).is_err(), "a test that expects nothing");
        assert_eq!(std::fs::read_to_string(d.path().join(PROJECT_FILE)).unwrap(), before);
    }
}
