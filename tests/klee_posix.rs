//! The drop-in `klee`'s POSIX environment as KLEE's runtime models it:
//! symbolic files and stdin with their stat objects, in KLEE's order.

mod common;

use common::klee::{bitcode, err, files, klee};
use klee_ext::ktest::KTest;

/// Stats a symbolic file (its kind forks), opens it for writing (its
/// permissions fork), writes into it and reads the write back, and stats
/// the symbolic stdin.
const SYMFILE: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  struct stat sb;
  if (stat("A", &sb) != 0 || sb.st_size != 4) return 2;
  if (S_ISDIR(sb.st_mode)) { puts("dir"); return 0; }
  int fd = open("A", O_RDWR);
  if (fd < 0) return 3;
  if (write(fd, "hi", 2) != 2) return 4;
  lseek(fd, 0, SEEK_SET);
  char b[4];
  if (read(fd, b, 4) != 4 || b[0] != 'h' || b[1] != 'i') return 5;
  struct stat si;
  if (fstat(0, &si) != 0) return 6;
  if (b[2] == 'x')
    printf("file x");
  else
    printf("file -");
  printf(" stdin-size %ld\n", (long)si.st_size);
  return 0;
}
"#;

/// Runs `bc` under `klee --posix-runtime` in a new folder `run` of `d`
/// (`--run-in-dir`), with the program's arguments `args`.
fn klee_in_run(d: &std::path::Path, bc: &std::path::Path, args: &[&str]) -> (std::process::Output, std::path::PathBuf) {
    let run = d.join("run");
    std::fs::create_dir_all(&run).unwrap();
    let dir = format!("--run-in-dir={}", run.display());
    let mut all = vec!["--output-dir=o", dir.as_str(), "--posix-runtime", bc.to_str().unwrap()];
    all.extend_from_slice(args);
    (klee(d, &all), run)
}

fn mode(stat: &[u8]) -> u32 {
    u32::from_le_bytes(stat[24..28].try_into().unwrap())
}

#[test]
fn symbolic_files_have_klees_objects_a_symbolic_stat_and_take_writes() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "symfile", SYMFILE, &[]);
    let b = bc.to_str().unwrap();
    let o = klee(d.path(), &["--output-dir=o", "--posix-runtime", b, "--sym-files", "1", "4", "--sym-stdin", "3"]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    // A directory; a file its mode lets no one read or write (open fails
    // with EACCES, as in KLEE's model); a file whose write is read back,
    // its third byte 'x' or not.
    assert!(e.contains("KLEE: done: completed paths = 4\n"), "{e}");
    let tests: Vec<String> = files(&d.path().join("o")).into_iter().filter(|f| f.ends_with(".ktest")).collect();
    assert_eq!(tests.len(), 4, "{tests:?}");
    let (mut dirs, mut denied, mut files_seen) = (0, 0, 0);
    for t in &tests {
        let kt = KTest::load(&d.path().join("o").join(t)).unwrap();
        let names: Vec<(&str, usize)> = kt.objects.iter().map(|(n, b)| (n.as_str(), b.len())).collect();
        assert_eq!(names, [("A_data", 4), ("A_data_stat", 144), ("stdin", 3), ("stdin_stat", 144)], "{t}");
        let m = mode(&kt.objects[1].1);
        if m & libc::S_IFMT == libc::S_IFDIR {
            dirs += 1;
        } else if m & 0o444 == 0 || m & 0o222 == 0 {
            denied += 1;
        } else {
            // The preferred values: a regular file, mode 0644.
            assert_eq!(m, libc::S_IFREG | 0o644, "{t}");
            files_seen += 1;
        }
        let ino = u64::from_le_bytes(kt.objects[1].1[8..16].try_into().unwrap());
        assert_ne!(ino & 0x7FFF_FFFF, 0, "{t}");
    }
    assert_eq!((dirs, denied, files_seen), (1, 1, 2));
}

#[test]
fn a_test_with_klees_object_names_replays_as_one_path() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "symfile", SYMFILE, &[]);
    let mut stat = vec![0u8; 144];
    stat[8] = 7;
    stat[24..28].copy_from_slice(&(libc::S_IFREG | 0o600).to_le_bytes());
    let kt = KTest {
        args: vec![bc.to_string_lossy().into_owned()],
        objects: vec![
            ("A_data".into(), b"abxd".to_vec()),
            ("A_data_stat".into(), stat.clone()),
            ("stdin".into(), b"zzz".to_vec()),
            ("stdin_stat".into(), stat),
        ],
        ..KTest::default()
    };
    let t = d.path().join("klee.ktest");
    kt.save(&t).unwrap();
    let args = [
        "--output-dir=r",
        "--posix-runtime",
        "--replay-ktest-file",
        t.to_str().unwrap(),
        bc.to_str().unwrap(),
        "--sym-files",
        "1",
        "4",
        "--sym-stdin",
        "3",
    ];
    let o = klee(d.path(), &args);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(!e.contains("replay object"), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "file x stdin-size 3\n");
}

#[test]
fn descriptors_are_numbered_lowest_first_and_a_failed_call_is_minus_one_of_its_type() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "fdn",
        r#"#include <assert.h>
#include <fcntl.h>
#include <unistd.h>
int main(void) {
  int fd = open("A", O_RDWR);
  if (fd == -1) return 0;
  assert(fd == 3);
  assert(!close(0));
  assert(close(0) == -1);
  assert(open("A", O_RDONLY) == 0);
  assert(dup(0) == 4);
  struct flock lck;
  assert(fcntl(fd, F_GETLK, &lck) == 0);
  assert(lck.l_type == F_UNLCK);
  lck.l_type = F_RDLCK;
  assert(fcntl(fd, F_SETLK, &lck) == 0);
  return 0;
}
"#,
        &[],
    );
    let o = klee(
        d.path(),
        &["--output-dir=o", "--posix-runtime", "--exit-on-error", bc.to_str().unwrap(), "--sym-files", "1", "4"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!err(&o).contains("ERROR"), "{}", err(&o));
}

/// Asks whether stdin and stdout are terminals and what `TIOCGWINSZ`
/// says of stdin, then lists the working directory.
const TTY: &str = r#"#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
int main(void) {
  struct winsize ws;
  int in = isatty(0), out = isatty(1);
  int r = ioctl(0, TIOCGWINSZ, &ws);
  if (in != (r == 0)) return 2;
  if (!in && errno != ENOTTY) return 3;
  if (in && (ws.ws_row != 24 || ws.ws_col != 80)) return 4;
  if (ioctl(42, TIOCGWINSZ, &ws) != -1 || errno != EBADF) return 5;
  int seen = 0;
  DIR *d = opendir(".");
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strcmp(e->d_name, "A") == 0) seen++;
  fprintf(stderr, "tty in=%d out=%d A=%d\n", in, out, seen);
  return 0;
}
"#;

/// As KLEE's model: a symbolic stdin or stdout is a terminal when its
/// symbolic stat says it is a character device, so `isatty` and `ioctl`
/// fork; `--sym-stdout` makes KLEE's `stdout` and `stdout_stat` objects,
/// after stdin's; the working directory lists the symbolic files.
#[test]
fn symbolic_streams_are_terminals_or_not_and_the_directory_lists_symbolic_files() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "tty", TTY, &[]);
    let (o, _) = klee_in_run(d.path(), &bc, &["--sym-files", "1", "2", "--sym-stdin", "2", "--sym-stdout"]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    for i in ["0", "1"] {
        for out in ["0", "1"] {
            assert!(e.contains(&format!("tty in={i} out={out} A=1\n")), "in={i} out={out}: {e}");
        }
    }
    let tests: Vec<String> = files(&d.path().join("o")).into_iter().filter(|f| f.ends_with(".ktest")).collect();
    assert_eq!(tests.len(), 4, "{tests:?}\n{e}");
    for t in &tests {
        let kt = KTest::load(&d.path().join("o").join(t)).unwrap();
        let names: Vec<(&str, usize)> = kt.objects.iter().map(|(n, b)| (n.as_str(), b.len())).collect();
        assert_eq!(
            names,
            [
                ("A_data", 2),
                ("A_data_stat", 144),
                ("stdin", 2),
                ("stdin_stat", 144),
                ("stdout", 1024),
                ("stdout_stat", 144)
            ],
            "{t}"
        );
    }
}

/// `realpath` and `canonicalize_file_name` answer from the path's working
/// directory, into the caller's buffer or a new heap object.
#[test]
fn realpath_resolves_from_the_working_directory() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  char buf[PATH_MAX], cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return 2;
  char *a = canonicalize_file_name("./sub/../sub");
  char *b = realpath("sub", buf);
  if (!a || b != buf || strcmp(a, buf) != 0) return 3;
  if (strncmp(a, cwd, strlen(cwd)) != 0 || strcmp(a + strlen(cwd), "/sub") != 0) return 4;
  free(a);
  if (realpath("missing", buf) != NULL) return 5;
  fprintf(stderr, "resolved %s\n", buf);
  return 0;
}
"#;
    let bc = bitcode(d.path(), "rp", src, &[]);
    std::fs::create_dir_all(d.path().join("run/sub")).unwrap();
    let (o, _) = klee_in_run(d.path(), &bc, &[]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
    assert!(!e.contains("KLEE: ERROR"), "{e}");
}

/// KLEE runs the program in `--run-in-dir` and lets it write there: a
/// symbolic run (here, with a symbolic stdin) creates files inside that
/// folder, and a change outside it is refused on that path only.
#[test]
fn a_symbolic_run_writes_inside_run_in_dir_only() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include <fcntl.h>
#include <unistd.h>
#include "klee/klee.h"
int main(void) {
  int fd;
  if (klee_int("x") > 0)
    fd = open("made", O_WRONLY | O_CREAT, 0644);
  else
    fd = open("../outside", O_WRONLY | O_CREAT, 0644);
  if (fd < 0) return 1;
  if (write(fd, "hi", 2) != 2) return 2;
  close(fd);
  return 0;
}
"#;
    let bc = bitcode(d.path(), "w", src, &[]);
    let (o, run) = klee_in_run(d.path(), &bc, &["--sym-stdin", "1"]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert_eq!(std::fs::read(run.join("made")).unwrap(), b"hi", "{e}");
    assert!(!d.path().join("outside").exists(), "{e}");
    assert!(e.contains("refused: open would change") && e.contains("outside on the host"), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
}
