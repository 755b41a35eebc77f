//! Decimal text of an `f64`, identical to the standard library's `{}`, `{:e}` and `{:.N}`, in far less
//! code. Why: std's float formatting (Grisu with a Dragon fallback, for both the shortest and the exact
//! modes, plus their tables) is about 16 KB of the page's wasm; this one exact algorithm on a small big
//! integer does all three. Slow next to std (each digit is a big-integer step), which no caller notices:
//! the page formats a few hundred numbers per update. The tests compare it with std on random and edge
//! values for every precision used.

use alloc::string::String;
use alloc::vec::Vec;

/// A non-negative big integer, little-endian 32-bit limbs (no trailing zero limbs needed).
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(x: u64) -> Self {
        #[allow(clippy::cast_possible_truncation)] // split into two limbs on purpose
        Big(alloc::vec![x as u32, (x >> 32) as u32])
    }
    /// `self *= k`.
    fn mul(&mut self, k: u32) {
        let mut carry = 0u64;
        for d in &mut self.0 {
            let t = u64::from(*d) * u64::from(k) + carry;
            #[allow(clippy::cast_possible_truncation)] // the low limb
            {
                *d = t as u32;
            }
            carry = t >> 32;
        }
        if carry > 0 {
            #[allow(clippy::cast_possible_truncation)] // carry < 2^32
            self.0.push(carry as u32);
        }
    }
    /// `self *= 2^n`.
    fn shl(&mut self, n: u32) {
        self.0
            .splice(0..0, core::iter::repeat_n(0, n as usize / 32));
        self.mul(1 << (n % 32));
    }
    fn cmp(&self, o: &Big) -> core::cmp::Ordering {
        let n = self.0.len().max(o.0.len());
        for i in (0..n).rev() {
            let (a, b) = (
                self.0.get(i).copied().unwrap_or(0),
                o.0.get(i).copied().unwrap_or(0),
            );
            if a != b {
                return a.cmp(&b);
            }
        }
        core::cmp::Ordering::Equal
    }
    /// `self - o`, or `self + o` when `add`; a subtraction never goes below zero here.
    fn add_sub(&self, o: &Big, add: bool) -> Big {
        let n = self.0.len().max(o.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut c = 0i64;
        for i in 0..n {
            let (a, b) = (
                i64::from(self.0.get(i).copied().unwrap_or(0)),
                i64::from(o.0.get(i).copied().unwrap_or(0)),
            );
            let t = if add { a + b + c } else { a - b + c };
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // the low limb
            out.push(t as u32);
            c = t >> 32;
        }
        if c > 0 {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // c is 1
            out.push(c as u32);
        }
        Big(out)
    }
}

/// The exact decimal expansion of a finite `x > 0`: `0.d₁d₂… × 10^k`, one digit at a time, with the
/// half-distances to the neighbouring floats (for the shortest form).
struct Digits {
    r: Big,
    s: Big,
    minus: Big,
    plus: Big,
    /// The neighbours' midpoints read back as `x` (round-half-even on an even mantissa).
    inclusive: bool,
    k: i32,
}

impl Digits {
    fn new(x: f64) -> Self {
        let bits = x.to_bits();
        #[allow(clippy::cast_possible_truncation)] // 11 bits
        let be = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1 << 52) - 1);
        let (m, e) = if be == 0 {
            (frac, -1074)
        } else {
            (frac | (1 << 52), be - 1075)
        };
        // x = m·2^e; the lower neighbour is closer when m is the smallest normal mantissa.
        let narrow = frac == 0 && be > 1;
        // Everything times 4·2^-e (or 4 when e ≥ 0): x = r/s, half-gaps minus/s and plus/s.
        let mut r = Big::from_u64(m);
        r.shl(2);
        let mut s = Big::from_u64(4);
        let mut minus = Big::from_u64(if narrow { 1 } else { 2 });
        let mut plus = Big::from_u64(2);
        #[allow(clippy::cast_sign_loss)] // e ≥ 0 or -e > 0 in each branch
        if e >= 0 {
            r.shl(e as u32);
            minus.shl(e as u32);
            plus.shl(e as u32);
        } else {
            s.shl((-e) as u32);
        }
        // Scale to 0.1 ≤ r/s < 1.
        let mut k = 0;
        while r.cmp(&s).is_ge() {
            s.mul(10);
            k += 1;
        }
        loop {
            let mut r10 = r.clone();
            r10.mul(10);
            if r10.cmp(&s).is_ge() {
                break;
            }
            r = r10;
            minus.mul(10);
            plus.mul(10);
            k -= 1;
        }
        Digits {
            r,
            s,
            minus,
            plus,
            inclusive: m % 2 == 0,
            k,
        }
    }

    /// The next digit; `r/s` becomes what is left below it.
    fn next(&mut self) -> u8 {
        self.r.mul(10);
        self.minus.mul(10);
        self.plus.mul(10);
        let mut d = 0;
        while self.r.cmp(&self.s).is_ge() {
            self.r = self.r.add_sub(&self.s, false);
            d += 1;
        }
        d
    }

    /// How the rest compares with half a unit of the last digit.
    fn rest_vs_half(&self) -> core::cmp::Ordering {
        self.r.add_sub(&self.r, true).cmp(&self.s)
    }
}

/// Add one unit to the last digit of `d` (digits 0–9); a carry out of the first digit becomes a leading
/// 1 and returns true.
fn round_up(d: &mut Vec<u8>) -> bool {
    for x in d.iter_mut().rev() {
        if *x == 9 {
            *x = 0;
        } else {
            *x += 1;
            return false;
        }
    }
    d.insert(0, 1);
    true
}

/// The shortest digits that read back as finite `x > 0`, closest to `x` among them: `0.d × 10^k`.
fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    let mut g = Digits::new(x);
    let mut d = Vec::new();
    loop {
        d.push(g.next());
        let lo = g.r.cmp(&g.minus);
        let low_ok = lo.is_lt() || (g.inclusive && lo.is_eq());
        let hi = g.r.add_sub(&g.plus, true).cmp(&g.s);
        let high_ok = hi.is_gt() || (g.inclusive && hi.is_eq());
        if low_ok || high_ok {
            let up = match (low_ok, high_ok) {
                // Both read back: the closer; a tie rounds up (as std does).
                (true, true) => g.rest_vs_half().is_ge(),
                (_, up) => up,
            };
            let mut k = g.k;
            if up && round_up(&mut d) {
                d.pop();
                k += 1;
            }
            return (d, k);
        }
    }
}

fn push_digits(out: &mut String, d: &[u8]) {
    out.extend(d.iter().map(|&x| char::from(b'0' + x)));
}

fn sign(out: &mut String, x: f64) {
    if x.is_sign_negative() && !x.is_nan() {
        out.push('-');
    }
}

/// Special values as std writes them; `None` for finite non-zero.
fn special(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some("NaN")
    } else if x.is_infinite() {
        Some("inf")
    } else {
        None
    }
}

/// `format!("{x}")`: the shortest digits that read back as `x`, written without an exponent.
#[must_use]
pub fn display(x: f64) -> String {
    let mut out = String::new();
    sign(&mut out, x);
    if let Some(s) = special(x) {
        out.push_str(s);
    } else if x == 0.0 {
        out.push('0');
    } else {
        let (d, k) = shortest_digits(x.abs());
        #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // at most 17 digits
        let n = d.len() as i32;
        #[allow(clippy::cast_sign_loss)] // each count is checked non-negative first
        if k <= 0 {
            out.push_str("0.");
            out.extend(core::iter::repeat_n('0', (-k) as usize));
            push_digits(&mut out, &d);
        } else if k >= n {
            push_digits(&mut out, &d);
            out.extend(core::iter::repeat_n('0', (k - n) as usize));
        } else {
            push_digits(&mut out, &d[..k as usize]);
            out.push('.');
            push_digits(&mut out, &d[k as usize..]);
        }
    }
    out
}

/// `format!("{x:e}")`: the shortest digits that read back as `x`, as `d.ddde±n` (`1e-7`, `1.5e300`).
#[must_use]
pub fn exp(x: f64) -> String {
    let mut out = String::new();
    sign(&mut out, x);
    if let Some(s) = special(x) {
        out.push_str(s);
        return out;
    }
    let (d, k) = if x == 0.0 {
        (alloc::vec![0], 1)
    } else {
        shortest_digits(x.abs())
    };
    push_digits(&mut out, &d[..1]);
    if d.len() > 1 {
        out.push('.');
        push_digits(&mut out, &d[1..]);
    }
    out.push('e');
    let _ = core::fmt::Write::write_fmt(&mut out, format_args!("{}", k - 1));
    out
}

/// The shortest text that reads back as `x`. Plain decimals where short (`50`, `0.25`); exponent form
/// where the decimals would run long (`1e-320`, `1.5e300`): [`crate::codec::parse_value`] refuses numbers
/// over 40 characters, and a link must read back what it wrote; a message quoting a value stays readable.
#[must_use]
pub fn short(x: f64) -> String {
    let plain = display(x);
    if plain.len() <= 24 {
        plain
    } else {
        exp(x)
    }
}

/// `format!("{x:.prec$}")`: `x` correctly rounded to `prec` decimals (a tie goes to the even digit).
#[must_use]
pub fn fixed(x: f64, prec: usize) -> String {
    let mut out = String::new();
    sign(&mut out, x);
    if let Some(s) = special(x) {
        out.push_str(s);
        return out;
    }
    // Digits of |x| down to the 10^-prec place, then rounded on what is left.
    let mut d = Vec::new();
    let mut k = 0;
    if x != 0.0 {
        let mut g = Digits::new(x.abs());
        k = g.k;
        #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // small precisions
        let want = k + prec as i32;
        if want >= 0 {
            while d.len() < want.unsigned_abs() as usize {
                d.push(g.next());
            }
            let h = g.rest_vs_half();
            let up = h.is_gt() || (h.is_eq() && d.last().is_some_and(|x| x % 2 == 1));
            if up && round_up(&mut d) {
                k += 1;
            }
        }
        // want < 0: x < 10^-prec / 10 rounds to zero.
    }
    // d holds the digits from the 10^(k-1) place down to 10^-prec (none when x rounds to zero). Pad on
    // the left with zeros to k + prec digits, at least one before the point.
    let total = k.max(0).unsigned_abs() as usize + prec;
    let mut all = Vec::with_capacity(total.max(1) + prec);
    if d.len() < total {
        all.extend(core::iter::repeat_n(0u8, total - d.len()));
    }
    all.extend_from_slice(&d);
    if all.len() == prec {
        all.insert(0, 0);
    }
    let ilen = all.len() - prec;
    push_digits(&mut out, &all[..ilen]);
    if prec > 0 {
        out.push('.');
        push_digits(&mut out, &all[ilen..]);
    }
    out
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use alloc::format;

    /// A fixed-seed generator (splitmix64): the same values every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }

    /// Edge values: zeros, specials, extremes, powers of two and ten and their neighbours, ties.
    fn edges() -> Vec<f64> {
        let mut v = alloc::vec![
            0.0,
            -0.0,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            5e-324,
            -5e-324,
            1e-320,
            2.225_073_858_507_201e-308,
            1e300,
            1.5e300,
            1e21,
            1e22,
            1e23,
            1e23f64.next_down(),
            0.1,
            0.2,
            0.3,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            123_456.789,
            536_870_912.0,
            85.83,
            9.96,
            9.995,
            0.000_1,
            0.000_01,
            1e-7,
            4.35,
            0.045,
            1e15,
            1e16,
            1e17,
            9_007_199_254_740_993.0,
        ];
        for i in -1074..=1023 {
            let p = 2f64.powi(i);
            v.extend([p, p.next_up(), p.next_down(), -p]);
        }
        for i in -30..=30 {
            let p = 10f64.powi(i);
            v.extend([
                p,
                p.next_up(),
                p.next_down(),
                5.0 * p,
                2.5 * p,
                1.5 * p,
                0.5 * p,
            ]);
        }
        // Exact ties at small precisions: n + 0.5, n/2^k.
        for n in 0..600 {
            let n = f64::from(n);
            v.extend([
                n + 0.5,
                n / 4.0,
                n / 8.0,
                n / 16.0,
                n / 32.0,
                n / 1024.0,
                -n - 0.5,
            ]);
        }
        v
    }

    fn randoms(n: usize) -> Vec<f64> {
        let mut r = Rng(0x5eed);
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            let x = match i % 4 {
                // Any bit pattern.
                0 => f64::from_bits(r.next()),
                // Everyday magnitudes, 1e-6 to 1e12.
                1 => {
                    #[allow(clippy::cast_precision_loss)]
                    let u = (r.next() >> 11) as f64 / (1u64 << 53) as f64;
                    10f64.powf(u * 18.0 - 6.0)
                }
                // Short decimals (what people type) and their neighbours.
                2 => {
                    #[allow(clippy::cast_precision_loss)]
                    let m = (r.next() % 100_000) as f64;
                    #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
                    let e = (r.next() % 12) as i32 - 6;
                    let x = m * 10f64.powi(e);
                    if r.next().is_multiple_of(2) {
                        x
                    } else {
                        x.next_up()
                    }
                }
                // Results of arithmetic.
                _ => {
                    #[allow(clippy::cast_precision_loss)]
                    let a = (r.next() % 10_000) as f64 / 7.0;
                    a * 1.1
                }
            };
            v.push(if r.next().is_multiple_of(5) { -x } else { x });
        }
        v
    }

    fn check_all(values: &[f64]) {
        for &x in values {
            assert_eq!(display(x), format!("{x}"), "{{}} of {:?}", x.to_bits());
            assert_eq!(exp(x), format!("{x:e}"), "{{:e}} of {:?}", x.to_bits());
            for p in 0..=6 {
                if x.is_finite() && x.abs() > 1e200 && p > 0 {
                    continue; // covered at p = 0; long but the same digits
                }
                assert_eq!(
                    fixed(x, p),
                    format!("{x:.p$}"),
                    "{{:.{p}}} of {:?}",
                    x.to_bits()
                );
            }
        }
    }

    #[test]
    fn matches_std_on_edge_values() {
        check_all(&edges());
    }

    #[test]
    fn matches_std_on_random_values() {
        check_all(&randoms(12_000));
    }

    #[test]
    fn matches_std_at_every_precision_up_to_17() {
        let mut v = randoms(2_000);
        v.extend(edges().into_iter().filter(|x| x.abs() < 1e30).step_by(3));
        for &x in &v {
            for p in 0..=17 {
                assert_eq!(
                    fixed(x, p),
                    format!("{x:.p$}"),
                    "{{:.{p}}} of {:?}",
                    x.to_bits()
                );
            }
        }
    }
}
