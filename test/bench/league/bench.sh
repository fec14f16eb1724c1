#!/usr/bin/env bash
# League benchmark: host teams and target regions run by libomptarget's host
# fallback (kernels_omp.c), through clang-16 -O3 -fopenmp with host-side
# offloading (-fopenmp-targets=x86_64-pc-linux-gnu --offload-host-only:
# its target regions go through __tgt_target_kernel as weft's do) and
# through weft-cc -O3 (renamed by -D), one driver, the same libomp and
# libomptarget, runs alternated, every run checked against a serial result.
#   test/bench/league/bench.sh [threads...]      (default: 1 2)
# REPS: best of REPS (default 5). WEFT_CC: the weft-cc to use (default
# $ROOT/target/release/weft-cc). No device image is registered, so
# OMP_TARGET_OFFLOAD is left as it is: both sides take the fallback.
# Exits non-zero when a result is wrong.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
WEFT_CC=${WEFT_CC:-$ROOT/target/release/weft-cc}
OUT=${OUT:-$(mktemp -d)}
CLANG="$LLVM/bin/clang -O3"
[[ -x $WEFT_CC ]] || { echo "bench.sh: no weft-cc at $WEFT_CC (build it, or set WEFT_CC)" >&2; exit 2; }
KERNELS="teams:TEAMS target_teams:TARGET_TEAMS target_par:TARGET_PAR"
renames=""
for kv in $KERNELS; do renames="$renames -Dc_${kv%%:*}=w_${kv%%:*}"; done
$CLANG -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-host-only -c kernels_omp.c -o "$OUT/omp.o"
objs=()
for kv in $KERNELS; do
  k=${kv%%:*}
  # shellcheck disable=SC2086
  if "$WEFT_CC" -O3 -DK_${kv#*:} $renames -c kernels_omp.c -o "$OUT/weft_$k.o" 2>"$OUT/weft_$k.err"; then
    objs+=("$OUT/weft_$k.o")
  else
    echo "$k: refused by weft-cc:"
    sed 's/^/    /' "$OUT/weft_$k.err"
  fi
done
$CLANG -fopenmp driver.c "$OUT/omp.o" ${objs[@]+"${objs[@]}"} -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" \
  -Wl,--no-as-needed -lomptarget -lomp -lm -o "$OUT/bench"
threads=("$@")
[[ ${#threads[@]} -gt 0 ]] || threads=(1 2)
rc=0
for t in "${threads[@]}"; do
  OMP_NUM_THREADS=$t OMP_PROC_BIND=${OMP_PROC_BIND:-false} "$OUT/bench" "${REPS:-5}" || rc=1
done
exit $rc
