//! The POSIX environment: programs of `tests/posix/` run natively and in
//! the VM, each in a fresh directory, must print the same and leave the
//! same files; host calls that fault, the host-write policy, symbolic
//! files, environment files and non-UTF-8 arguments.

mod common;

use common::{bin, clang, corpus_files, directives, run_with_input, Output};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The files below `root`: path, kind and contents.
fn snapshot(root: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            let rel = p.strip_prefix(root).unwrap().display().to_string();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.file_type().is_symlink() {
                out.push((rel, format!("-> {}", std::fs::read_link(&p).unwrap().display())));
            } else if meta.is_dir() {
                out.push((rel.clone(), "dir".into()));
                walk(root, &p, out);
            } else {
                out.push((rel, String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned()));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

fn env_for(name: &str) -> Vec<(&'static str, &'static str)> {
    if name == "environ" {
        vec![("SE2_A", "one"), ("SE2_C", "three"), ("LC_ALL", "en_US.UTF-8")]
    } else {
        vec![("LC_ALL", "C")]
    }
}

#[test]
fn posix_programs_agree_with_native_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for f in corpus_files("tests/posix") {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let d = directives(&f);
        let exe = tmp.path().join(format!("{name}.native"));
        let o = Command::new(clang()).args(["-O0", "-w"]).arg(&f).arg("-lm").arg("-o").arg(&exe).output().unwrap();
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let (nat_dir, vm_dir) = (tmp.path().join(format!("{name}-native")), tmp.path().join(format!("{name}-vm")));
        std::fs::create_dir(&nat_dir).unwrap();
        std::fs::create_dir(&vm_dir).unwrap();
        let mut native = Command::new(&exe);
        native.args(&d.args).current_dir(&nat_dir).envs(env_for(&name));
        let n = run_with_input(native, b"", Duration::from_secs(30));
        let mut vm = Command::new(bin());
        vm.arg("run")
            .arg("-q")
            .arg("--output-dir")
            .arg(tmp.path().join(format!("{name}-out")))
            .arg(&f)
            .args(&d.args)
            .current_dir(&vm_dir)
            .envs(env_for(&name));
        let v = run_with_input(vm, b"", Duration::from_secs(120));
        let show = |o: &Output| {
            format!(
                "exit {:?}\n{}\n--- stderr\n{}",
                o.code,
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            )
        };
        if (n.code, &n.stdout, &n.stderr) != (v.code, &v.stdout, &v.stderr) {
            failures.push(format!("{name}: native:\n{}\nvm:\n{}", show(&n), show(&v)));
        } else if snapshot(&nat_dir) != snapshot(&vm_dir) {
            failures.push(format!(
                "{name}: files left behind differ:\nnative {:?}\nvm {:?}",
                snapshot(&nat_dir),
                snapshot(&vm_dir)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn write_c(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn vm(dir: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(bin());
    cmd.arg("run").args(args).current_dir(dir);
    run_with_input(cmd, b"", Duration::from_secs(120))
}

#[test]
fn a_host_call_given_a_program_function_ends_its_path_not_the_tool() {
    let tmp = tempfile::tempdir().unwrap();
    // lfind would call the program's comparator through a host function
    // pointer, a VM address the host does not have: the call is refused
    // before the host runs (it used to fault there, caught).
    let p = write_c(
        tmp.path(),
        "fault.c",
        r#"#include <search.h>
#include <stdio.h>
#include <string.h>
static int cmp(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }
int main(void) {
  const char *arr[2] = {"a", "b"}, *key = "b";
  size_t n = 2;
  printf("before\n");
  fflush(stdout);
  lfind(&key, arr, &n, sizeof arr[0], cmp);
  printf("after\n");
  return 0;
}
"#,
    );
    let o = vm(tmp.path(), &["--output-dir", "out", p.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "before\n");
    assert!(err.contains("unsupported: passing a function of the program to external lfind"), "{err}");
    assert!(err.contains("se2repair: done: 1 paths (1 errors)"), "the run ends with its summary: {err}");
    assert!(tmp.path().join("out/test000001.model.err").exists());
}

/// A symbolic run may run host programs only while its working directory
/// lies inside the scratch directory (as a `fix` test's native run does).
#[test]
fn symbolic_runs_exec_only_inside_the_scratch_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let p = write_c(
        tmp.path(),
        "ex.c",
        r#"#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argv[1][0] == 'x')
    puts("x");
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    execlp("touch", "touch", "made", (char *)0);
    _exit(127);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 100;
}
"#,
    );
    let scratch = tmp.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    // Outside the scratch directory: refused, nothing made.
    let o = vm(
        tmp.path(),
        &["--output-dir", "o1", "--scratch-dir", scratch.to_str().unwrap(), p.to_str().unwrap(), "--sym-arg", "1"],
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("a forked child ended with an error: refused: running touch"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!tmp.path().join("made").exists());
    // Inside it: the program runs there.
    let mut cmd = Command::new(bin());
    cmd.arg("run")
        .args(["--output-dir", "../o2", "--scratch-dir", "."])
        .arg(&p)
        .args(["--sym-arg", "1"])
        .current_dir(&scratch);
    let o = run_with_input(cmd, b"", Duration::from_secs(60));
    assert!(scratch.join("made").exists(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn symbolic_runs_change_host_files_only_where_allowed() {
    let tmp = tempfile::tempdir().unwrap();
    let p = write_c(
        tmp.path(),
        "del.c",
        r#"#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argv[1][0] == 'x')
    puts("x");
  return unlink("victim") == 0 ? 0 : 3;
}
"#,
    );
    let victim = tmp.path().join("victim");
    std::fs::write(&victim, "data").unwrap();
    let o = vm(tmp.path(), &["--output-dir", "o1", p.to_str().unwrap(), "--sym-arg", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("refused: unlink would change"), "{err}");
    assert!(victim.exists(), "a symbolic run must not delete outside the scratch directory");
    // Inside the scratch directory the change is made.
    let o = vm(
        tmp.path(),
        &["--output-dir", "o2", "--scratch-dir", tmp.path().to_str().unwrap(), p.to_str().unwrap(), "--sym-arg", "1"],
    );
    assert!(!victim.exists(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(&victim, "data").unwrap();
    vm(tmp.path(), &["--output-dir", "o3", "--allow-host-writes", p.to_str().unwrap(), "--sym-arg", "1"]);
    assert!(!victim.exists());
    // A symbolic link inside the scratch directory does not lead out of it.
    let scratch = tmp.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    std::fs::write(&victim, "data").unwrap();
    std::os::unix::fs::symlink(&victim, scratch.join("l")).unwrap();
    let q = write_c(
        tmp.path(),
        "trunc.c",
        r#"#include <fcntl.h>
#include <stdio.h>
int main(int argc, char **argv) {
  if (argv[1][0] == 'x')
    puts("x");
  return open("l", O_WRONLY | O_TRUNC) >= 0 ? 0 : 3;
}
"#,
    );
    let mut cmd = Command::new(bin());
    cmd.arg("run")
        .args(["--output-dir", "../o5", "--scratch-dir", "."])
        .arg(&q)
        .args(["--sym-arg", "1"])
        .current_dir(&scratch);
    let o = run_with_input(cmd, b"", Duration::from_secs(60));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("refused: open would change"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "data");
    // A concrete run acts as the native program does.
    std::fs::write(&victim, "data").unwrap();
    let o = vm(tmp.path(), &["--output-dir", "o4", p.to_str().unwrap(), "y"]);
    assert_eq!(o.code, Some(0));
    assert!(!victim.exists());
}

/// `setlocale` on one path leaves the other paths' locale alone: the
/// host's `mbrtowc` decodes UTF-8 only on the path that asked for it
/// (breadth-first, so that the other path's call comes after the
/// `setlocale`).
#[test]
fn the_locale_belongs_to_the_path_that_set_it() {
    let tmp = tempfile::tempdir().unwrap();
    let p = write_c(
        tmp.path(),
        "locale.c",
        r#"#include <klee/klee.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x <= 0)
    setlocale(LC_ALL, "en_US.UTF-8");
  wchar_t w;
  mbstate_t s = {0};
  int n = (int)mbrtowc(&w, "\xc3\xa9", 2, &s);
  printf("%s %d\n", x <= 0 ? "utf8" : "c", n);
  return 0;
}
"#,
    );
    let o = vm(tmp.path(), &["--search", "bfs", "--output-dir", "out", p.to_str().unwrap()]);
    assert_eq!(o.code, Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let mut outs: Vec<String> = (1..=2)
        .filter_map(|k| std::fs::read_to_string(tmp.path().join(format!("out/test{k:06}.stdout"))).ok())
        .collect();
    outs.sort();
    assert_eq!(outs, ["c -1\n", "utf8 2\n"]);
}

#[test]
fn symbolic_files_are_read_and_explored() {
    let tmp = tempfile::tempdir().unwrap();
    let p = write_c(
        tmp.path(),
        "symfile.c",
        r#"#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  struct stat sb;
  if (stat("A", &sb) != 0 || sb.st_size != 4) return 2;
  int fd = open("A", O_RDONLY);
  char b[8];
  ssize_t n = read(fd, b, sizeof b);
  if (n != 4) return 3;
  if (b[0] == 'k' && b[1] == 'e') puts("key");
  else puts("other");
  return open("B", O_RDONLY) < 0 ? 0 : 4;
}
"#,
    );
    let o = vm(tmp.path(), &["--output-dir", "out", p.to_str().unwrap(), "--sym-files", "1", "4"]);
    assert_eq!(o.code, Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(tmp.path().join("out/summary.json")).unwrap()).unwrap();
    assert_eq!(summary["paths_completed"], 3, "{summary}");
    let outs: Vec<String> = (1..=3)
        .filter_map(|k| std::fs::read_to_string(tmp.path().join(format!("out/test{k:06}.stdout"))).ok())
        .collect();
    assert!(outs.iter().any(|s| s == "key\n") && outs.iter().any(|s| s == "other\n"), "{outs:?}");
}

#[test]
fn environment_files_and_non_utf8_arguments() {
    let tmp = tempfile::tempdir().unwrap();
    let p = write_c(
        tmp.path(),
        "env.c",
        r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  printf("FOO=%s HOME=%s\n", getenv("FOO"), getenv("HOME") ? "set" : "unset");
  for (unsigned char *s = (unsigned char *)argv[1]; *s; s++) printf("%02x", *s);
  printf("\n");
  return 0;
}
"#,
    );
    std::fs::write(tmp.path().join("env"), "# comment\nFOO=bar baz\n").unwrap();
    let mut cmd = Command::new(bin());
    use std::os::unix::ffi::OsStrExt;
    cmd.arg("run")
        .args(["-q", "--output-dir", "out", "--env-file", "env"])
        .arg(&p)
        .arg(std::ffi::OsStr::from_bytes(b"\xbc\xa1"))
        .current_dir(tmp.path());
    let o = run_with_input(cmd, b"", Duration::from_secs(60));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "FOO=bar baz HOME=unset\nbca1\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::write(tmp.path().join("bad"), "no equals sign\n").unwrap();
    let o = vm(tmp.path(), &["--output-dir", "o2", "--env-file", "bad", p.to_str().unwrap(), "x"]);
    assert_eq!(o.code, Some(125));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad:1: expected NAME=VALUE"));
}

/// Descriptor calls on a path's own stream (symbolic stdin, captured
/// stdout) answer as a kernel would for a pipe, without the host: advice
/// succeeds, an in-kernel copy fails with EINVAL (programs such as cat
/// fall back to read and write) and an ioctl finds no terminal.
#[test]
fn descriptor_calls_on_a_paths_own_streams_answer_as_for_a_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("in.txt"), "data\n").unwrap();
    let p = write_c(
        tmp.path(),
        "streams.c",
        r#"#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
int main(void) {
  int n = 0, fd = open("in.txt", O_RDONLY);
  int a = posix_fadvise(0, 0, 0, POSIX_FADV_SEQUENTIAL);
  errno = 0;
  long c = copy_file_range(fd, 0, 1, 0, 5, 0);
  int ce = errno;
  errno = 0;
  int i = ioctl(0, FIONREAD, &n);
  printf("fadvise %d copy %ld %s ioctl %d %s\n", a, c, ce == EINVAL ? "EINVAL" : "other", i,
         errno == ENOTTY ? "ENOTTY" : "other");
  return 0;
}
"#,
    );
    let o = vm(tmp.path(), &["--output-dir", "out", "--sym-stdin", "2", p.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out, "fadvise 0 copy -1 EINVAL ioctl -1 ENOTTY\n", "{}", String::from_utf8_lossy(&o.stderr));
}
