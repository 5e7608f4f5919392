//! Compiles the library-modelling sketches (`sketches/*.c`) to LLVM
//! bitcode and embeds each, with its C text, in the crate (`SKETCHES`).
//! A sketch that does not compile stops the build.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=../sketches");
    println!("cargo:rerun-if-env-changed=SE2REPAIR_CLANG");
    let clang = std::env::var("SE2REPAIR_CLANG").ok().or_else(|| {
        ["clang-14", "clang"].iter().find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success())).map(|c| c.to_string())
    });
    let Some(clang) = clang else {
        eprintln!("\nerror: clang-14 not found: the sketches are compiled to bitcode with it (apt-get install clang-14, or set SE2REPAIR_CLANG)\n");
        std::process::exit(1);
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut names: Vec<String> = std::fs::read_dir("../sketches")
        .expect("the sketches folder")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".c")).map(String::from))
        .collect();
    names.sort();
    let mut table = String::from("/// The built-in sketches: name, bitcode, C text.\npub static SKETCHES: &[(&str, &[u8], &str)] = &[\n");
    for n in &names {
        let src = PathBuf::from(format!("../sketches/{n}.c")).canonicalize().expect("sketch path");
        let bc = out.join(format!("sketch-{n}.bc"));
        let st = Command::new(&clang)
            .args(["-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-fno-pic", "-Wall", "-Werror", "-I../klee-ext/include"])
            .arg(&src)
            .arg("-o")
            .arg(&bc)
            .status();
        if !st.is_ok_and(|s| s.success()) {
            eprintln!("\nerror: the sketch sketches/{n}.c does not compile\n");
            std::process::exit(1);
        }
        table.push_str(&format!("    ({n:?}, include_bytes!({:?}), include_str!({:?})),\n", bc.display().to_string(), src.display().to_string()));
    }
    table.push_str("];\n");
    std::fs::write(out.join("sketches.rs"), table).expect("write to OUT_DIR");
}
