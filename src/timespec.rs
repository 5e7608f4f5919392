//! Time limits as `klee` writes them on its command line.

use std::time::Duration;

/// Parses KLEE-style time specs: a number of seconds (`10`, `2.5`) or
/// amounts with units, one after another (`10s`, `500ms`, `5min`, `1h`,
/// `1min30s`, `100us`, `50ns`); `m` is a minute too.
pub fn parse_time(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let bad =
        || format!("invalid time {s:?} (seconds, or amounts with units h, min, s, ms, us, ns: 10, 1min30s, 500ms)");
    let num = |t: &str| -> Option<f64> {
        // Digits and at most one point only: no signs, exponents or `inf`.
        let ok = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.') && t.matches('.').count() <= 1;
        t.parse::<f64>().ok().filter(|_| ok)
    };
    let total = if let Some(v) = num(s) {
        v
    } else {
        let mut total = 0.0;
        let mut rest = s;
        if rest.is_empty() {
            return Err(bad());
        }
        while !rest.is_empty() {
            let n = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
            let v = num(&rest[..n]).ok_or_else(bad)?;
            let after = &rest[n..];
            let u = after.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(after.len());
            let scale = match &after[..u] {
                "h" => 3600.0,
                "min" | "m" => 60.0,
                "s" => 1.0,
                "ms" => 1e-3,
                "us" => 1e-6,
                "ns" => 1e-9,
                _ => return Err(bad()),
            };
            total += v * scale;
            rest = &after[u..];
        }
        total
    };
    if !total.is_finite() || !(0.0..=1e12).contains(&total) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::parse_time;
    use std::time::Duration;

    #[test]
    fn klee_time_specs() {
        let ms = |s: &str| parse_time(s).map(|d| d.as_micros());
        assert_eq!(ms("10"), Ok(10_000_000));
        assert_eq!(ms("2.5"), Ok(2_500_000));
        assert_eq!(ms("10s"), Ok(10_000_000));
        assert_eq!(ms("500ms"), Ok(500_000));
        assert_eq!(ms("1min30s"), Ok(90_000_000));
        assert_eq!(ms("1h2min3s"), Ok(3_723_000_000));
        assert_eq!(ms("100us"), Ok(100));
        assert_eq!(parse_time("50ns"), Ok(Duration::from_nanos(50)));
        assert_eq!(ms("5m"), Ok(300_000_000));
        for bad in ["", "s", "10x", "-5", "1e3", "inf", "1.2.3s", "10 s", "min5"] {
            let e = parse_time(bad).unwrap_err();
            assert!(e.contains("invalid time"), "{bad:?}: {e}");
        }
    }
}
