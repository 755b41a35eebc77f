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
}
