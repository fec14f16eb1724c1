#!/usr/bin/env bash
# GPU benchmark: triad (2^26 doubles), dot (a reduction over 2^26) and a
# 1024 x 1024 double matrix multiply, each `target teams distribute
# parallel for`, compiled by clang-16's offloading (c_*) and by weft-cc
# (w_*, renamed by -D) into one driver: the two device images linked into
# one program by clang-linker-wrapper, the same libomptarget and CUDA
# plugin, calls alternated inside one `target data` region, best of REPS,
# every result checked against the serial program.
#   test/bench/gpu/bench.sh build      (here: BENCH_OUT/gpubench; needs the
#                                       offload tools, scripts/setup.sh --offload)
#   test/bench/gpu/bench.sh run [REPS] (where the GPU is; default 10)
# WEFT_CC, WEFT_CUDA_PATH (default the checkout's .cuda) as elsewhere.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
OUT=${BENCH_OUT:-$ROOT/target/gpubench}
mkdir -p "$OUT"
if [[ ${1:-build} == run ]]; then exec "$OUT/gpubench" "${2:-10}"; fi
WEFT_CC=${WEFT_CC:-$ROOT/target/release/weft-cc}
CUDA=${WEFT_CUDA_PATH:-$ROOT/.cuda}
export PATH=/usr/lib/llvm-16/bin:$PATH
OFF=(-fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 --cuda-path="$CUDA")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
clang-16 -O3 -fopenmp "${OFF[@]}" -Wno-unknown-cuda-version -c kernels_omp.c -o "$tmp/clang.o"
objs=()
for kv in triad:TRIAD dot:DOT matmul:MATMUL; do
  k=${kv%%:*}
  if "$WEFT_CC" -O3 "${OFF[@]}" -DK_${kv#*:} -Dc_triad=w_triad -Dc_dot=w_dot -Dc_matmul=w_matmul \
      -c kernels_omp.c -o "$tmp/weft_$k.o" 2>"$tmp/weft_$k.err"; then
    objs+=("$tmp/weft_$k.o")
  else
    echo "$k: refused by weft-cc:"; sed 's/^/    /' "$tmp/weft_$k.err"
  fi
done
clang-16 -O3 -fopenmp "${OFF[@]}" -Wno-unknown-cuda-version driver.c "$tmp/clang.o" ${objs[@]+"${objs[@]}"} \
  -lm -o "$OUT/gpubench"
echo "built $OUT/gpubench (run: $OUT/gpubench [REPS] [N] [M])"
