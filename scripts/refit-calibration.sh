#!/usr/bin/env bash
# Re-derive CALIBRATED from data/calibration.csv and paste it into crates/core/src/calibration.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cargo test -q -p edgefit-core --lib calibration::tests::calibrated_table_is_what_fit_gives -- --nocapture 2>&1 || true)
table=$(printf '%s\n' "$out" | awk '/^    cal\(/{print; n++} n>0 && !/^    cal\(/{exit}')
[ -n "$table" ] || { printf '%s\n' "$out"; exit 1; }
python3 - "$table" <<'PY'
import sys,re
p='crates/core/src/calibration.rs'
s=open(p).read()
s=re.sub(r'(// CALIBRATED-BEGIN\n).*?(\s*// CALIBRATED-END)', lambda m: m.group(1)+sys.argv[1]+m.group(2), s, flags=re.S)
open(p,'w').write(s)
PY
echo "CALIBRATED updated:"; printf '%s\n' "$table"
