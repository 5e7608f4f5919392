//! No process left behind: `fix`, `dbgbench` and `klee` are stopped
//! (SIGTERM, SIGKILL) while a program they started loops, and within a
//! second nothing of theirs runs any more; after SIGTERM their temporary
//! folders are gone too. Every process is found through `/proc` by what
//! ties it to the test's own folder: its executable, its working folder
//! or its command line.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_se2repair"))
}

/// The live (not zombie) processes tied to `root`, with their command
/// lines, the test process itself aside.
fn processes_under(root: &Path) -> Vec<(i32, String)> {
    let me = std::process::id() as i32;
    let root = root.to_string_lossy().into_owned();
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else { continue };
        if pid == me {
            continue;
        }
        let dir = e.path();
        let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
        // The state follows the command name's closing parenthesis.
        let state = stat.rsplit_once(')').map(|(_, rest)| rest.trim_start().chars().next()).unwrap_or(None);
        if matches!(state, None | Some('Z') | Some('X')) {
            continue;
        }
        let link = |n: &str| std::fs::read_link(dir.join(n)).map(|p| p.to_string_lossy().into_owned());
        let cmdline = std::fs::read(dir.join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let tied = link("exe").is_ok_and(|p| p.starts_with(&root))
            || link("cwd").is_ok_and(|p| p.starts_with(&root))
            || cmdline.contains(&root);
        if tied {
            found.push((pid, cmdline));
        }
    }
    found
}

/// Waits until `ready` holds of the processes under `root` (a program of
/// the run loops), up to a minute.
fn wait_for(root: &Path, child: &mut Child, what: &str, ready: impl Fn(&[(i32, String)]) -> bool) {
    let start = Instant::now();
    loop {
        let ps = processes_under(root);
        if ready(&ps) {
            return;
        }
        if let Ok(Some(s)) = child.try_wait() {
            panic!("the run ended ({s}) before {what}");
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{what} never happened: {ps:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends `sig` to the tool and checks that within a second nothing under
/// `root` runs; after SIGTERM, that the tool died of it and that `tmp` is
/// empty.
fn stop_and_check(root: &Path, tmp: &Path, mut child: Child, sig: libc::c_int) {
    // SAFETY: signalling the child this test started.
    unsafe { libc::kill(child.id() as i32, sig) };
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(sig), "the tool's status is the signal's: {status}");
    let start = Instant::now();
    loop {
        let left = processes_under(root);
        if left.is_empty() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(1), "left running after the tool was stopped: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    if sig == libc::SIGTERM {
        let entries: Vec<_> = std::fs::read_dir(tmp).unwrap().flatten().map(|e| e.path()).collect();
        assert!(entries.is_empty(), "temporary folders left: {entries:?}");
    }
}

/// A project whose second test loops forever natively (`n == 3`).
fn looping_project(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("prog.c"),
        "#include <stdio.h>\nint main(void){int n; if (scanf(\"%d\",&n)!=1) return 1; while (n == 3) { } printf(\"%d\\n\", n); return 0;}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("se2repair.yaml"),
        "sources: [prog.c]\ntests:\n  - {name: t1, stdin: \"1\\n\", stdout: \"1\\n\"}\n  - {name: t2, stdin: \"3\\n\", stdout: \"3\\n\"}\n",
    )
    .unwrap();
}

/// A fresh root with `tmp/` (the tool's TMPDIR) inside.
fn root() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    let tmp = root.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    (d, root, tmp)
}

fn tool(root: &Path, tmp: &Path, args: &[&str]) -> Child {
    tool_with(root, tmp, args, &[])
}

fn tool_with(root: &Path, tmp: &Path, args: &[&str], env: &[(&str, &str)]) -> Child {
    Command::new(bin())
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root)
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The native program of a test, built in the run's temporary folder.
fn native_program_runs(tmp: &Path) -> impl Fn(&[(i32, String)]) -> bool + '_ {
    move |ps| {
        ps.iter().any(|(pid, _)| {
            std::fs::read_link(format!("/proc/{pid}/exe"))
                .is_ok_and(|p| p.starts_with(tmp) && p.to_string_lossy().contains("program"))
        })
    }
}

/// Runs the tool with `args` in `root` and stops it by `sig` while a
/// test's native program loops.
fn stopped_while_a_test_loops(root: &Path, tmp: &Path, args: &[&str], sig: libc::c_int) {
    let mut child = tool(root, tmp, args);
    wait_for(root, &mut child, "the looping test ran", native_program_runs(tmp));
    stop_and_check(root, tmp, child, sig);
}

fn fix_stopped_by(sig: libc::c_int) {
    let (_d, root, tmp) = root();
    let project = root.join("project");
    looping_project(&project);
    let out = root.join("out");
    let args = ["fix", project.to_str().unwrap(), "--output-dir", out.to_str().unwrap()];
    stopped_while_a_test_loops(&root, &tmp, &args, sig);
}

#[test]
fn fix_stopped_by_sigterm_leaves_no_process_and_no_folder() {
    fix_stopped_by(libc::SIGTERM);
}

#[test]
fn fix_stopped_by_sigkill_leaves_no_process() {
    fix_stopped_by(libc::SIGKILL);
}

fn dbgbench_stopped_by(sig: libc::c_int) {
    let (_d, root, tmp) = root();
    let src = root.join("small");
    looping_project(&src);
    std::fs::remove_file(src.join("se2repair.yaml")).unwrap();
    let subject = root.join("loop.yaml");
    std::fs::write(
        &subject,
        "id: small.loop\nprogram: a loop\nbug: \"3 loops\"\nsource: {dir: small}\nproject:\n  sources: [prog.c]\n  tests:\n    - {name: t1, stdin: \"1\\n\", stdout: \"1\\n\"}\n    - {name: t2, stdin: \"3\\n\", stdout: \"3\\n\"}\nlocation: [prog.c:2]\n",
    )
    .unwrap();
    let out = root.join("out");
    let args =
        ["dbgbench", "--subjects", subject.to_str().unwrap(), "--configs", "so-pse", "--out", out.to_str().unwrap()];
    stopped_while_a_test_loops(&root, &tmp, &args, sig);
}

#[test]
fn dbgbench_stopped_by_sigterm_leaves_no_process_and_no_folder() {
    dbgbench_stopped_by(libc::SIGTERM);
}

#[test]
fn dbgbench_stopped_by_sigkill_leaves_no_process() {
    dbgbench_stopped_by(libc::SIGKILL);
}

fn klee_stopped_by(sig: libc::c_int) {
    klee_stopped_with(sig, &[]);
}

fn klee_stopped_with(sig: libc::c_int, env: &[(&str, &str)]) {
    let (_d, root, tmp) = root();
    let c = root.join("fork.c");
    std::fs::write(
        &c,
        "#include <unistd.h>\n#include <sys/wait.h>\nint main(void) {\n  pid_t p = fork();\n  if (p == 0) {\n    execl(\"/bin/sh\", \"sh\", \"-c\", \"while :; do :; done\", (char *)0);\n    return 1;\n  }\n  int st;\n  waitpid(p, &st, 0);\n  return 0;\n}\n",
    )
    .unwrap();
    let mut child = tool_with(&root, &tmp, &["klee", c.to_str().unwrap()], env);
    let looping = |ps: &[(i32, String)]| ps.iter().any(|(_, cmd)| cmd.contains("while :; do :; done"));
    wait_for(&root, &mut child, "the forked child looped", looping);
    stop_and_check(&root, &tmp, child, sig);
}

#[test]
fn klee_stopped_by_sigterm_leaves_no_process_and_no_folder() {
    klee_stopped_by(libc::SIGTERM);
}

#[test]
fn klee_stopped_by_sigkill_leaves_no_process() {
    klee_stopped_by(libc::SIGKILL);
}

/// The tool is held between starting the looping program and recording
/// it (`SE2REPAIR_TEST_SPAWN_PAUSE_MS`), and killed there: the watcher,
/// told that a start was under way, still ends the program.
#[test]
fn klee_killed_before_recording_its_child_leaves_no_process() {
    klee_stopped_with(libc::SIGKILL, &[("SE2REPAIR_TEST_SPAWN_PAUSE_MS", "3000")]);
}

/// As above for a child in a process group of its own (a test run of
/// `fix`, started while the tool is held after each start).
#[test]
fn fix_killed_before_recording_its_child_leaves_no_process() {
    let (_d, root, tmp) = root();
    let project = root.join("project");
    looping_project(&project);
    let out = root.join("out");
    let args = ["fix", project.to_str().unwrap(), "--output-dir", out.to_str().unwrap()];
    let mut child = tool_with(&root, &tmp, &args, &[("SE2REPAIR_TEST_SPAWN_PAUSE_MS", "300")]);
    wait_for(&root, &mut child, "the looping test ran", native_program_runs(&tmp));
    stop_and_check(&root, &tmp, child, libc::SIGKILL);
}
