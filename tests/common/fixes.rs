//! What the tests of `fix`'s choice share: a grading program whose
//! missing lower bound the tests leave open (`s < 0` or `s < -1`), and
//! the replacements of a report's patches.

/// 1: pass, 0: fail, -1: not a score; the check for negative scores is
/// missing at line 7.
pub const GRADE: &str = "#include <stdio.h>\n#include <stdlib.h>\n\n/* 1: pass, 0: fail, -1: not a score. */\nint grade(int s)\n{\n    if (s > 100)\n        return -1;\n    if (s >= 50)\n        return 1;\n    return 0;\n}\n\nint main(int argc, char **argv)\n{\n    printf(\"%d\\n\", grade(atoi(argv[1])));\n    return 0;\n}\n";

/// Its tests: no test holds -1.
pub const GRADE_TESTS: &str = "sources: [prog.c]\ntests:\n  - {name: neg, args: [\"-5\"], stdout: \"-1\\n\"}\n  - {name: neg2, args: [\"-60\"], stdout: \"-1\\n\"}\n  - {name: high, args: [\"101\"], stdout: \"-1\\n\"}\n  - {name: pass, args: [\"70\"], stdout: \"1\\n\"}\n  - {name: fail, args: [\"20\"], stdout: \"0\\n\"}\n  - {name: edge, args: [\"0\"], stdout: \"0\\n\"}\n";

/// The replacements of a report's patches, in its order.
pub fn patches(report: &serde_json::Value) -> Vec<String> {
    report["patches"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["replacement"].as_str().map(String::from))
        .collect()
}

/// The repairs use both cores; one test at a time keeps their limits
/// meaningful.
pub fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}
