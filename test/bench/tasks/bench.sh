#!/usr/bin/env bash
# Tasking benchmark: the kernels of kernels_omp.c (task + taskwait, depend
# chains, taskloop, taskgroup) through clang-16 -O3 -fopenmp, and the same
# C source through weft-cc -O3 (renamed by -D), one driver, the same libomp,
# runs alternated, every run checked against a serial reference.
#   test/bench/tasks/bench.sh [threads...]      (default: 1 2)
# REPS: best of REPS (default 5). WEFT_CC: the weft-cc to use (default
# $ROOT/target/release/weft-cc; it finds libweft.so beside itself, or
# WEFT_PLUGIN). WEFT_SIDE=clang builds the "weft" side with clang -fopenmp
# too: a dry run of the harness, every ratio near 1.0.
# Each kernel's weft side is its own translation unit: a kernel weft-cc
# refuses is reported as refused with weft-cc's message, and the others are
# still measured. Exits non-zero when a result is wrong.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
WEFT_CC=${WEFT_CC:-$ROOT/target/release/weft-cc}
OUT=${OUT:-$(mktemp -d)}
CLANG="$LLVM/bin/clang -O3"
KERNELS="fib:FIB gauss:GAUSS taskloop:TASKLOOP taskgroup:TASKGROUP"
renames=""
for kv in $KERNELS; do renames="$renames -Dc_${kv%%:*}=w_${kv%%:*}"; done

$CLANG -fopenmp -c kernels_omp.c -o "$OUT/omp.o"
side=${WEFT_SIDE:-cc}
case $side in
  cc)
    [[ -x $WEFT_CC ]] || { echo "bench.sh: no weft-cc at $WEFT_CC (build it, or set WEFT_CC)" >&2; exit 2; }
    echo "weft side: $WEFT_CC -O3" ;;
  clang) echo "weft side: clang -fopenmp (WEFT_SIDE=clang: a dry run, ratios near 1.0)" ;;
  *) echo "bench.sh: WEFT_SIDE is cc or clang, not $side" >&2; exit 2 ;;
esac
objs=()
for kv in $KERNELS; do
  k=${kv%%:*}
  # shellcheck disable=SC2086
  if [[ $side == clang ]]; then
    $CLANG -fopenmp -DK_${kv#*:} $renames -c kernels_omp.c -o "$OUT/weft_$k.o"
    objs+=("$OUT/weft_$k.o")
  elif "$WEFT_CC" -O3 -DK_${kv#*:} $renames -c kernels_omp.c -o "$OUT/weft_$k.o" 2>"$OUT/weft_$k.err"; then
    objs+=("$OUT/weft_$k.o")
  else
    echo "$k: refused by weft-cc:"
    sed 's/^/    /' "$OUT/weft_$k.err"
  fi
done
$CLANG -fopenmp driver.c "$OUT/omp.o" ${objs[@]+"${objs[@]}"} -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" -lomp -lm -o "$OUT/bench"
threads=("$@")
[[ ${#threads[@]} -gt 0 ]] || threads=(1 2)
rc=0
for t in "${threads[@]}"; do
  OMP_NUM_THREADS=$t OMP_PROC_BIND=${OMP_PROC_BIND:-false} "$OUT/bench" "${REPS:-5}" || rc=1
done
exit $rc
