#!/usr/bin/env bash
# GenX legalization benchmark: throughput (region calls per second) on a
# large generated module, and the greedy plans' piece count against the
# minimum under the same legality rules. Usage: test/bench/genx/bench.sh [cases]
set -euo pipefail
cd "$(dirname "$0")/../../.."
export LLVM_SYS_160_PREFIX="${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}"
export LD_LIBRARY_PATH="$LLVM_SYS_160_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
OPT="$LLVM_SYS_160_PREFIX/bin/opt"
CASES="${1:-50000}"
OUT="${TMPDIR:-/tmp}/genx-bench-$CASES.ll"

cargo build --release --workspace >/dev/null
echo "== generate $CASES random region calls (seeded), piece counts, in-process legalize"
GENX_BENCH_CASES="$CASES" GENX_BENCH_OUT="$OUT" \
  cargo test --release -q -p weft-passes genx::difftest::bench -- --ignored --nocapture 2>/dev/null |
  grep -E '^(pieces|legalize)'

best() { # min wall seconds of 3 runs of "$@"
  local b=999999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN { d = e - s; print (d < b) ? d : b }')
  done
  echo "$b"
}
echo "== opt (parse + pass + no output), best of 3"
base=$(best "$OPT" -load-pass-plugin=target/release/libweft.so -passes=verify -disable-output "$OUT")
legal=$(best "$OPT" -load-pass-plugin=target/release/libweft.so -passes='weft-genx-legalize<grf=32>' -disable-output "$OUT")
awk -v n="$CASES" -v b="$base" -v l="$legal" 'BEGIN {
  printf "opt -passes=verify: %.3f s; opt -passes=weft-genx-legalize: %.3f s; legalize alone %.3f s = %.0f calls/s\n", b, l, l - b, n / (l - b) }'
