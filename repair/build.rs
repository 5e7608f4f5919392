//! Compiles the library-modelling sketches (`sketches/*.c`) to LLVM
//! bitcode and embeds each, with its C text, in the crate (`SKETCHES`).
//! A sketch that does not compile stops the build.

// The flags programs are compiled with, shared with klee-ext's compile.rs.
include!("../klee-ext/src/compile/flags.rs");
use std::path::PathBuf;
use std::process::Command;

fn fail(msg: &str) -> ! {
    eprintln!("\nerror: {msg}\n");
    std::process::exit(1);
}

fn main() {
    println!("cargo:rerun-if-changed=../sketches");
    println!("cargo:rerun-if-changed=../klee-ext/src/compile/flags.rs");
    println!("cargo:rerun-if-env-changed=SE2REPAIR_BUILD_CLANG");
    let clang = std::env::var("SE2REPAIR_BUILD_CLANG").ok().or_else(|| {
        ["clang-16", "clang-14", "clang"]
            .iter()
            .find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
            .map(|c| c.to_string())
    });
    let Some(clang) = clang else {
        fail("clang-16 not found: the sketches are compiled to bitcode with it (apt-get install clang-16, or set SE2REPAIR_BUILD_CLANG)");
    };
    let out = PathBuf::from(
        std::env::var("OUT_DIR").unwrap_or_else(|_| fail("OUT_DIR is not set (run the build through cargo)")),
    );
    let mut names: Vec<String> = std::fs::read_dir("../sketches")
        .unwrap_or_else(|e| fail(&format!("cannot read the sketches folder: {e}")))
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".c")).map(String::from))
        .collect();
    names.sort();
    let mut table = String::from(
        "/// The built-in sketches: name, bitcode, C text.\npub static SKETCHES: &[(&str, &[u8], &str)] = &[\n",
    );
    for n in &names {
        let src = PathBuf::from(format!("../sketches/{n}.c"))
            .canonicalize()
            .unwrap_or_else(|e| fail(&format!("sketches/{n}.c: {e}")));
        let bc = out.join(format!("sketch-{n}.bc"));
        let st = Command::new(&clang)
            .args(PROGRAM_BITCODE_FLAGS)
            .args(["-Wall", "-Werror", "-I../klee-ext/include"])
            .arg(&src)
            .arg("-o")
            .arg(&bc)
            .status();
        if !st.is_ok_and(|s| s.success()) {
            fail(&format!("the sketch sketches/{n}.c does not compile"));
        }
        table.push_str(&format!(
            "    ({n:?}, include_bytes!({:?}), include_str!({:?})),\n",
            bc.display().to_string(),
            src.display().to_string()
        ));
    }
    table.push_str("];\n");
    std::fs::write(out.join("sketches.rs"), table).unwrap_or_else(|e| fail(&format!("cannot write to OUT_DIR: {e}")));
}
