//! Time limits as `klee` writes them on its command line.

use std::time::Duration;

/// Parses KLEE-style time specs: `10`, `10s`, `500ms`, `5min`, `1h`.
pub fn parse_time(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).map(|i| s.split_at(i)).unwrap_or((s, "s"));
    let v: f64 = num.parse().map_err(|_| format!("invalid time {s:?} (expected e.g. 10, 10s, 500ms, 5min)"))?;
    let secs = match unit {
        "s" | "" => v,
        "ms" => v / 1000.0,
        "min" | "m" => v * 60.0,
        "h" => v * 3600.0,
        _ => return Err(format!("invalid time unit in {s:?} (use ms, s, min or h)")),
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("invalid time {s:?}"));
    }
    Ok(Duration::from_secs_f64(secs))
}
