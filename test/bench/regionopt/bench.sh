#!/usr/bin/env bash
# weft-regionopt's benchmark: the kernels of kernels.c (Figure 2's pair, a
# chain of three dependent loops, a Jacobi sweep pair, two plain parallel
# regions with a counter update between) at 4096 and 8M
# elements, built by clang-16 -O3 -fopenmp, by the same with OpenMPOpt's
# parallel region merging (-mllvm -openmp-opt-enable-merging), the same
# kernels fused by hand (handfused.c, clang-16 -O3 -fopenmp), by a base
# weft-cc -O3 (WEFT_BASE_CC, default the main checkout's weft-cc: region
# merging and barrier elimination, no loop fusion), and by this tree's
# weft-cc -O3; one driver, the same libomp, runs alternated, best of REPS
# (default 5).
#   test/bench/regionopt/bench.sh [threads...]      (default: 2)
# SIZE=N: only arrays of N elements (default 4096 and 8M).
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
OUT=${OUT:-$(mktemp -d)}
CLANG="$LLVM/bin/clang -O3"
BASE=${WEFT_BASE_CC:-/work/main/target/release/weft-cc}
$CLANG -fopenmp '-DK(x)=clang_##x' -c kernels.c -o "$OUT/clang.o"
$CLANG -fopenmp -mllvm -openmp-opt-enable-merging '-DK(x)=merging_##x' -c kernels.c -o "$OUT/merging.o"
$CLANG -fopenmp '-DK(x)=hand_##x' -c handfused.c -o "$OUT/hand.o"
"$BASE" -O3 '-DK(x)=weftbase_##x' -c kernels.c -o "$OUT/weftbase.o"
"$ROOT/target/release/weft-cc" -O3 '-DK(x)=weft_##x' -c kernels.c -o "$OUT/weft.o"
$CLANG -fopenmp driver.c "$OUT"/{clang,merging,hand,weftbase,weft}.o -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" -lomp -o "$OUT/bench"
for t in "${@:-2}"; do
  OMP_NUM_THREADS=$t OMP_PROC_BIND=${OMP_PROC_BIND:-false} "$OUT/bench" "${REPS:-5}" ${SIZE:-}
done
