//! Readable numbers: significant digits, thousands separators, bands, and the units the seed writes.

use edgefit_core::numfmt::fixed;

/// `x` with `sig` significant digits, trailing zeros kept (`fmt_sig(1.5, 3)` = `"1.50"`). Whole numbers of
/// `sig` digits or more are shown whole, grouped by thousands from 10,000 up (`fmt_sig(536870912.0, 3)` =
/// `"536,870,912"`): a figure people read is never rounded into zeros they might copy. From 10^15 up, exponent
/// form (`"2.14e303"`). Infinite values are `∞`, NaN is `—`.
#[must_use]
pub fn fmt_sig(x: f64, sig: usize) -> String {
    fmt_impl(x, sig, false)
}

/// Like [`fmt_sig`], with trailing zeros after the decimal point removed (`fmt_num(0.750, 3)` = `"0.75"`,
/// `fmt_num(85.83, 3)` = `"85.8"`, `fmt_num(15.0, 3)` = `"15"`).
#[must_use]
pub fn fmt_num(x: f64, sig: usize) -> String {
    fmt_impl(x, sig, true)
}

fn fmt_impl(x: f64, sig: usize, trim: bool) -> String {
    if x.is_nan() {
        return "—".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "∞".into()
        } else {
            "−∞".into()
        };
    }
    let sig = sig.max(1);
    if x == 0.0 {
        return "0".into();
    }
    let mag = x.abs().log10().floor();
    if x.abs() >= 1e15 {
        // Beyond any device or model: a runaway figure (a bandwidth of 1e-300 GB/s gives a TPOT of
        // ~1e303 ms) in exponent form, one short word instead of hundreds of digits that widen the page.
        #[allow(clippy::cast_possible_truncation)] // 14 ≤ mag ≤ 308
        let e = mag as i32;
        return format!("{}e{e}", fmt_impl(x / 10f64.powi(e), sig, trim));
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    // why: mag is a small finite integer; the clamp keeps the cast in range.
    let mut decimals = edgefit_core::math::clamp(sig as f64 - 1.0 - mag, 0.0, 15.0) as usize;
    let mut s = fixed(x.abs(), decimals);
    // Rounding can carry into a new digit (9.96 → "10.0" at 3 significant digits): drop one decimal.
    let digits = s.chars().filter(char::is_ascii_digit).count();
    let leading_zeros = s
        .chars()
        .take_while(|c| *c == '0' || *c == '.')
        .filter(char::is_ascii_digit)
        .count();
    if decimals > 0 && digits - leading_zeros > sig {
        decimals -= 1;
        s = fixed(x.abs(), decimals);
    }
    if trim && s.contains('.') {
        s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    let s = group(&s);
    if x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("−{s}")
    } else {
        s
    }
}

/// Thousands separators on the integer part, from 10,000 up.
fn group(s: &str) -> String {
    let (int, frac) = s.split_once('.').map_or((s, None), |(a, b)| (a, Some(b)));
    let mut out = String::with_capacity(s.len() + 4);
    if int.len() > 4 {
        for (i, c) in int.chars().enumerate() {
            if i > 0 && (int.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
    } else {
        out.push_str(int);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

/// A whole number with thousands separators (`fmt_int(536870912.0)` = `"536,870,912"`); rounds to the
/// nearest integer.
#[must_use]
pub fn fmt_int(x: f64) -> String {
    if !x.is_finite() || x.abs() >= 1e15 {
        return fmt_num(x, 1);
    }
    let r = x.round();
    let s = fixed(r.abs(), 0);
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if r < 0.0 {
        format!("−{out}")
    } else {
        out
    }
}

/// A number and its unit, separated by a space (none before `%`).
#[must_use]
pub fn with_unit(num: &str, unit: &str) -> String {
    if unit.is_empty() {
        num.to_string()
    } else if unit == "%" {
        format!("{num}%")
    } else {
        format!("{num} {unit}")
    }
}

/// A band `lo–hi` with one unit (`fmt_band(3.48, 4.48, |x| fmt_sig(x, 2), "W")` = `"3.5–4.5 W"`). When both
/// ends print the same, one number.
#[must_use]
pub fn fmt_band(lo: f64, hi: f64, f: impl Fn(f64) -> String, unit: &str) -> String {
    let (a, b) = (f(lo.min(hi)), f(lo.max(hi)));
    if a == b {
        with_unit(&a, unit)
    } else {
        with_unit(&format!("{a}–{b}"), unit)
    }
}

/// Decimal gigabytes from bytes, 3 significant digits, trimmed (`0.75 GB`); below 0.1 GB in MB (`59 MB`).
#[must_use]
pub fn fmt_gb(bytes: f64) -> String {
    if bytes.abs() < 0.1e9 && bytes != 0.0 {
        with_unit(&fmt_num(bytes / 1e6, 3), "MB")
    } else {
        with_unit(&fmt_num(bytes / 1e9, 3), "GB")
    }
}

/// Milliseconds from seconds, 3 significant digits (`85.8 ms`); from 10 s up in seconds (`12.3 s`).
#[must_use]
pub fn fmt_ms(seconds: f64) -> String {
    if seconds.abs() >= 10.0 && seconds.is_finite() {
        with_unit(&fmt_num(seconds, 3), "s")
    } else {
        with_unit(&fmt_num(seconds * 1e3, 3), "ms")
    }
}

/// TOPS from op/s, 3 significant digits (`2.4 TOPS`); below 0.1 TOPS in GOPS (`60 GOPS`).
#[must_use]
pub fn fmt_tops(ops_per_s: f64) -> String {
    if ops_per_s.abs() < 0.1e12 && ops_per_s != 0.0 {
        with_unit(&fmt_num(ops_per_s / 1e9, 3), "GOPS")
    } else {
        with_unit(&fmt_num(ops_per_s / 1e12, 3), "TOPS")
    }
}

/// Watts, 2 significant digits kept (`4.0 W`, `3.5 W`), whole from 10 W up.
#[must_use]
pub fn fmt_watts(w: f64) -> String {
    with_unit(&fmt_sig(w, 2), "W")
}

/// Billions of parameters from a count, 3 significant digits kept (`1.50 B`).
#[must_use]
pub fn fmt_params_b(params: f64) -> String {
    with_unit(&fmt_sig(params / 1e9, 3), "B")
}

/// A share as a percentage, whole when ≥ 10 % (`60%`, `−72%`, `4.5%`).
#[must_use]
pub fn fmt_pct(share: f64) -> String {
    let p = share * 100.0;
    let s = if p.abs() >= 10.0 {
        fmt_int(p)
    } else {
        fmt_num(p, 2)
    };
    format!("{s}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn sig(x: f64, n: usize, want: &str) {
        assert_eq!(fmt_sig(x, n), want, "fmt_sig({x}, {n})");
    }
    #[track_caller]
    fn num(x: f64, n: usize, want: &str) {
        assert_eq!(fmt_num(x, n), want, "fmt_num({x}, {n})");
    }

    #[test]
    fn significant_digits() {
        num(85.830_4, 3, "85.8");
        num(0.75, 3, "0.75");
        sig(1.5, 3, "1.50");
        num(2.4, 3, "2.4");
        num(15.000_000_000_1, 3, "15");
        num(0.536_870_912, 3, "0.537");
        num(0.536_870_912, 2, "0.54");
        sig(9.96, 3, "9.96");
        sig(9.996, 3, "10.0");
        sig(0.099_96, 3, "0.100");
        num(1234.6, 3, "1235");
        num(12345.6, 3, "12,346");
        sig(536_870_912.0, 3, "536,870,912");
        num(0.0, 3, "0");
        num(-0.72, 2, "−0.72");
        num(f64::INFINITY, 3, "∞");
        num(f64::NAN, 3, "—");
        // Runaway figures stay short: exponent form from 10^15 up.
        num(2.144_784_853_333e303, 3, "2.14e303");
        sig(1e15, 3, "1.00e15");
        num(-4.2e20, 2, "−4.2e20");
        num(999_999_999_999_999.0, 3, "999,999,999,999,999");
        assert_eq!(fmt_int(1e300), "1e300");
    }

    #[test]
    fn integers_bands_and_units() {
        assert_eq!(fmt_int(536_870_912.0), "536,870,912");
        assert_eq!(fmt_int(2048.0), "2,048");
        assert_eq!(fmt_int(-1234.0), "−1,234");
        assert_eq!(fmt_band(3.48, 4.48, |x| fmt_sig(x, 2), "W"), "3.5–4.5 W");
        assert_eq!(
            fmt_band(1.6e12, 3.2e12, |x| fmt_num(x / 1e12, 3), "TOPS"),
            "1.6–3.2 TOPS"
        );
        assert_eq!(fmt_band(4.0, 4.0, |x| fmt_sig(x, 2), "W"), "4.0 W");
        assert_eq!(fmt_gb(0.75e9), "0.75 GB");
        assert_eq!(fmt_gb(58.7e6), "58.7 MB");
        assert_eq!(fmt_ms(0.085_83), "85.8 ms");
        assert_eq!(fmt_ms(95.2), "95.2 s");
        assert_eq!(fmt_tops(2.4e12), "2.4 TOPS");
        assert_eq!(fmt_tops(60e9), "60 GOPS");
        assert_eq!(fmt_params_b(1.5e9), "1.50 B");
        assert_eq!(fmt_watts(3.98), "4.0 W");
        assert_eq!(fmt_pct(0.6), "60%");
        assert_eq!(fmt_pct(-0.716), "−72%");
        assert_eq!(with_unit("60", "%"), "60%");
    }
}
