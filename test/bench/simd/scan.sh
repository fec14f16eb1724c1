#!/usr/bin/env bash
# scan.sh [ROUNDS]: the simd prefix sums of scan.c built by weft-cc (vector
# scan) and by clang-16 without OpenMP (LoopVectorize on the serial loop),
# both -O3 -march=x86-64-v3; best of ROUNDS (default 9) per kernel, outputs
# checked equal; prints each time and the ratio weft/LoopVectorize.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/target/release/weft-cc" -O3 -march=x86-64-v3 "$here/scan.c" -o "$tmp/weft"
"$llvm/bin/clang" -O3 -march=x86-64-v3 -w "$here/scan.c" -o "$tmp/lv"
w=$("$tmp/weft" "${1:-9}")
l=$("$tmp/lv" "${1:-9}")
echo "weft:           $w"
echo "LoopVectorize:  $l"
[ "${w#*check}" = "${l#*check}" ] || { echo "outputs differ"; exit 1; }
python3 - "$w" "$l" <<'PY'
import sys
w, l = (s.split() for s in sys.argv[1:3])
print(f"int weft/LV {float(w[1]) / float(l[1]):.3f}, double weft/LV {float(w[4]) / float(l[4]):.3f}")
PY
