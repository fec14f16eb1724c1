#!/usr/bin/env bash
# Threading benchmark: each kernel as C with #pragma omp through
# clang-16 -O3 -fopenmp, and as directive IR through clang-16 -O3
# -fpass-plugin=libweft.so; one driver, the same libomp, runs alternated.
#   test/bench/threads/bench.sh [threads...]      (default: 1 2)
# Set REPS (default 5) for best-of-REPS. WEFT_SIDE=cc builds the weft side
# from the same C source as the clang side (kernels_omp.c, through weft-cc)
# instead of from the directive IR gen_kernels.py writes.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
PLUGIN=$ROOT/target/release/libweft.so
OUT=${OUT:-$(mktemp -d)}
CLANG="$LLVM/bin/clang -O3 -Wno-override-module"
$CLANG -fopenmp -c kernels_omp.c -o "$OUT/omp.o"
if [[ ${WEFT_SIDE:-ir} == cc ]]; then
  renames=""
  for k in triad dot matmul jacobi mandel fig2; do renames="$renames -Dc_$k=w_$k"; done
  # shellcheck disable=SC2086
  "$ROOT/target/release/weft-cc" -O3 $renames -c kernels_omp.c -o "$OUT/weft.o"
else
  python3 gen_kernels.py > "$OUT/kernels_weft.ll"
  $CLANG -S -emit-llvm bodies.c -o "$OUT/bodies.ll"
  "$LLVM/bin/llvm-link" "$OUT/kernels_weft.ll" "$OUT/bodies.ll" -S -o "$OUT/weft_all.ll"
  $CLANG -fpass-plugin="$PLUGIN" -c "$OUT/weft_all.ll" -o "$OUT/weft.o"
fi
$CLANG -fopenmp driver.c "$OUT/omp.o" "$OUT/weft.o" -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" -lomp -lm -o "$OUT/bench"
for t in "${@:-1 2}"; do
  OMP_NUM_THREADS=$t OMP_PROC_BIND=${OMP_PROC_BIND:-false} "$OUT/bench" "${REPS:-5}"
done
