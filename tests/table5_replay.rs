//! `scripts/table5_replay.py`: a generated test replays natively with the
//! standard streams its stat objects recorded (a terminal, a regular
//! file or a pipe), in the environment the VM ran the program in, so
//! that the native run takes the path the VM explored.

use std::path::Path;
use std::process::Command;

/// A `struct stat` (x86-64) whose `st_mode` is `mode`.
fn stat(mode: u32) -> Vec<u8> {
    let mut b = vec![0u8; 144];
    b[24..28].copy_from_slice(&mode.to_le_bytes());
    b
}

/// Replays tests made of `arg00 = "-c"`, `arg01 = SCRIPT`, stdin `abc`
/// and the given stdin/stdout stat modes on `/bin/sh` (each `.ktest`
/// written by the project's own writer); returns the exit statuses.
fn replay_statuses(script: &str, cases: &[(Option<u32>, Option<u32>)]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (k, (inp, out)) in cases.iter().enumerate() {
        let mut objects = vec![
            ("arg00".to_string(), b"-c\0".to_vec()),
            ("arg01".to_string(), format!("{script}\0").into_bytes()),
            ("stdin".to_string(), b"abc".to_vec()),
        ];
        if let Some(m) = inp {
            objects.push(("stdin_stat".into(), stat(*m)));
        }
        if let Some(m) = out {
            objects.push(("stdout".into(), vec![0; 1024]));
            objects.push(("stdout_stat".into(), stat(*m)));
        }
        let p = dir.path().join(format!("t{k}.ktest"));
        klee_ext::ktest::KTest { objects, ..Default::default() }.save(&p).unwrap();
        paths.push(p);
    }
    let py = "import sys; sys.path.insert(0, sys.argv[1]); import table5_replay as r\n\
              for k in sys.argv[3:]: print(r.replay(k, '/bin/sh', sys.argv[2], 10))";
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let o = Command::new("python3")
        .arg("-c")
        .arg(py)
        .arg(&scripts)
        .arg(dir.path().join("gcov"))
        .args(&paths)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap().lines().map(String::from).collect()
}

const S_IFREG: u32 = 0o100644;
const S_IFCHR: u32 = 0o020620;
const S_IFIFO: u32 = 0o010644;

#[test]
fn standard_output_is_the_kind_the_test_recorded() {
    // 0: a terminal, 1: not one (a regular file), 2: not one (a pipe);
    // the terminal has the VM's window, 80 columns.
    let script = "if test -t 1; then exec 3>&1; test \"$(stty size <&3)\" = '24 80' || exit 9; exit 0; fi; \
                  if test -f /dev/stdout; then exit 1; fi; exit 2";
    let got = replay_statuses(script, &[(None, Some(S_IFCHR)), (None, Some(S_IFREG)), (None, Some(S_IFIFO))]);
    assert_eq!(got, ["0", "1", "2"]);
}

#[test]
fn standard_input_is_a_regular_file_unless_the_test_recorded_a_pipe() {
    // The bytes arrive either way; a regular file can be seeked (head's
    // lseek, wc's size), as the VM's symbolic stdin can.
    let script = "test \"$(cat)\" = abc || exit 9; if test -f /dev/stdin; then exit 1; fi; exit 2";
    let got = replay_statuses(script, &[(Some(S_IFREG), None), (None, None), (Some(S_IFIFO), None)]);
    assert_eq!(got, ["1", "1", "2"]);
}

#[test]
fn the_program_sees_the_vms_environment_not_the_callers() {
    // The C locale and a fixed PATH, whatever the caller's LANG: the
    // environment `klee` gets with --env-file.
    let script = "test \"$LC_ALL\" = C && test -z \"$LANG\" && test \"$PATH\" = /usr/bin:/bin && exit 0; exit 9";
    let got = replay_statuses(script, &[(None, None)]);
    assert_eq!(got, ["0"]);
    let env = tempfile::NamedTempFile::new().unwrap();
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let o = Command::new("python3")
        .arg("-c")
        .arg("import sys; sys.path.insert(0, sys.argv[1]); import table5_replay as r; r.write_env_file(sys.argv[2])")
        .arg(&scripts)
        .arg(env.path())
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_eq!(std::fs::read_to_string(env.path()).unwrap(), "PATH=/usr/bin:/bin\nLC_ALL=C\n");
}
