//! `edgefit presets`: every preset with its public sources.

use super::{print, value_json};
use crate::cli::JsonArgs;

/// Append a line to the output buffer.
macro_rules! outln {
    ($out:ident, $($t:tt)*) => {{
        $out.push_str(&format!($($t)*));
        $out.push('\n');
    }};
}

/// `edgefit presets [--json]`: every device, model, quantization and framework preset with its sources.
pub fn run(a: &JsonArgs) -> i32 {
    let cat = edgefit_core::presets::catalog();
    let v = serde_json::to_value(cat).unwrap_or_default();
    if a.json {
        print(&value_json(&v));
        return 0;
    }
    let mut out = String::new();
    for group in ["devices", "models", "quants", "frameworks"] {
        let rows = v
            .get(group)
            .and_then(|x| x.as_array())
            .cloned()
            .unwrap_or_default();
        outln!(out, "## {group} ({})", rows.len());
        for r in rows {
            let id = r.get("id").and_then(|x| x.as_str()).unwrap_or("");
            let name = r.get("name").and_then(|x| x.as_str()).unwrap_or("");
            let n = r
                .get("sources")
                .and_then(|x| x.as_array())
                .map_or(0, Vec::len);
            outln!(
                out,
                "  {id:<28} {name}  [{n} source{}]",
                if n == 1 { "" } else { "s" }
            );
        }
        outln!(out, "");
    }
    print(&out);
    0
}
