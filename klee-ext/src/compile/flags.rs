/// clang's flags for C that the VM runs: bitcode with debug locations, at
/// -O0 but open to `--optimize`'s passes, and without position
/// independence (PIC code at -O1 and above gets relative lookup tables of
/// 32-bit address differences, which the segmented address space cannot
/// hold). The program's files (`compile_c`) and the built-in sketches
/// (`repair/build.rs`, through `include!`) are compiled with them.
pub const PROGRAM_BITCODE_FLAGS: &[&str] =
    &["-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-fno-pic"];
