//! The one place transcendental functions come from: `std` when it is there, `libm` otherwise.

/// e^x.
#[inline]
#[must_use]
pub fn exp(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.exp()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::exp(x)
    }
}

/// Natural logarithm.
#[inline]
#[must_use]
pub fn ln(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.ln()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::log(x)
    }
}

/// Square root.
#[inline]
#[must_use]
pub fn sqrt(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrt(x)
    }
}

/// Largest integer not above `x`.
#[inline]
#[must_use]
pub fn floor(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.floor()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::floor(x)
    }
}

/// `x` limited to `lo..=hi`, as [`f64::clamp`] (NaN stays NaN) but without its panic when `lo > hi` or a
/// bound is NaN: that panic's message formats the bounds with `{:?}`, which alone keeps std's whole float
/// formatter in the page's wasm.
#[must_use]
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Round half away from zero.
#[inline]
#[must_use]
pub fn round(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.round()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::round(x)
    }
}

/// Smallest integer not below `x`.
#[inline]
#[must_use]
pub fn ceil(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.ceil()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::ceil(x)
    }
}

/// Sort `v` by `cmp`, keeping equal elements in their order (a stable insertion sort).
///
/// For the short lists the calculator sorts (a few hundred items at most) this gives the same order as
/// `slice::sort_by`, at a fraction of the code size in the page's wasm (each `sort_by` call compiles its
/// own driftsort).
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> core::cmp::Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == core::cmp::Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// ln(n!) for a whole `n ≥ 0`: exact sums up to 20, Stirling's series above (error below 1e-10).
#[must_use]
pub fn ln_factorial(n: f64) -> f64 {
    if n < 21.0 {
        let mut s = 0.0;
        let mut k = 2.0;
        while k <= n {
            s += ln(k);
            k += 1.0;
        }
        s
    } else {
        n * ln(n) - n + 0.5 * ln(2.0 * core::f64::consts::PI * n) + 1.0 / (12.0 * n)
            - 1.0 / (360.0 * n * n * n)
    }
}

/// The mean of ⌈N / tile⌉ for N ~ Poisson(λ): how many `tile`-wide tiles a count that averages λ fills
/// (none when it is 0). Summed over N within λ ± 12√λ + 8, which holds all but a negligible tail.
#[must_use]
pub fn poisson_mean_tiles(lambda: f64, tile: f64) -> f64 {
    if lambda <= 0.0 || tile <= 0.0 {
        return 0.0;
    }
    let spread = 12.0 * sqrt(lambda) + 8.0;
    let lo = floor((lambda - spread).max(0.0));
    let hi = ceil(lambda + spread);
    let (mut n, mut sum) = (lo, 0.0);
    while n <= hi {
        if n > 0.0 {
            let p = exp(-lambda + n * ln(lambda) - ln_factorial(n));
            sum += p * ceil(n / tile);
        }
        n += 1.0;
    }
    sum
}

#[cfg(test)]
mod tests {
    #[test]
    fn sort_by_is_stable_and_sorts() {
        let mut v = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        super::sort_by(&mut v, |a, b| a.0.cmp(&b.0));
        assert_eq!(v, [(1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]);
        let mut e: [u8; 0] = [];
        super::sort_by(&mut e, u8::cmp);
    }

    #[test]
    fn poisson_tile_counts_match_a_direct_sum() {
        // Reference values: the sum of P(N = n) · ⌈n / tile⌉ to 20 standard deviations, in double precision.
        for (lambda, tile, want) in [
            (0.5, 128.0, 0.393_469_340_287_366_6),
            (64.0, 128.0, 1.000_000_000_000_601_7),
            (128.0, 128.0, 1.476_515_551_347_220_8),
            (256.0, 128.0, 2.483_385_698_952_715),
            (1000.0, 128.0, 8.218_177_660_707_198),
            (5.5, 4.0, 1.748_553_023_926_376),
        ] {
            let got = super::poisson_mean_tiles(lambda, tile);
            assert!(
                (got - want).abs() < 1e-6 * want,
                "λ {lambda}, tile {tile}: {got} vs {want}"
            );
        }
        assert_eq!(super::poisson_mean_tiles(0.0, 128.0), 0.0);
        for n in [0.0, 1.0, 5.0, 20.0] {
            let exact: f64 = (2..=n as u32).map(|k| super::ln(f64::from(k))).sum();
            assert!((super::ln_factorial(n) - exact).abs() < 1e-9);
        }
        let exact: f64 = (2..=40u32).map(|k| super::ln(f64::from(k))).sum();
        assert!((super::ln_factorial(40.0) - exact).abs() < 1e-9);
    }
}
