#!/usr/bin/env bash
# Simd benchmark: the kernels of kernels.c vectorized by weft (weft-cc -O3),
# by LLVM's LoopVectorize (clang-16 -O3 -fopenmp-simd) and scalar (clang-16
# -O3 -fno-vectorize -fno-slp-vectorize), all with the same -march
# (default x86-64-v3); one driver, runs alternated, best of ROUNDS.
#   test/bench/simd/bench.sh [rounds]      MARCH=... to change the target
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
MARCH=${MARCH:-x86-64-v3}
OUT=${OUT:-$(mktemp -d)}
CLANG="$LLVM/bin/clang -O3 -march=$MARCH -w"
$CLANG -fopenmp-simd -DK\(x\)=v_\#\#x -c kernels.c -o "$OUT/v.o"
$CLANG -fno-vectorize -fno-slp-vectorize -DK\(x\)=s_\#\#x -c kernels.c -o "$OUT/s.o"
"$ROOT/target/release/weft-cc" -O3 -march="$MARCH" -w -DK\(x\)=w_\#\#x -c kernels.c -o "$OUT/w.o"
$CLANG driver.c "$OUT/v.o" "$OUT/s.o" "$OUT/w.o" -lm -o "$OUT/bench"
"$OUT/bench" "${1:-5}"
