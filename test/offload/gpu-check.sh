#!/usr/bin/env bash
# The device check of weft's NVPTX images (docs/offload-device.md), in two
# halves. Here (no GPU; clang-tools-16 and a CUDA folder, scripts/setup.sh
# --offload):
#   test/offload/gpu-check.sh build KIT
# makes the kit (/work/shared/device/make-kit.sh, or MAKE_KIT=path) and
# builds into KIT/weft every program of test/offload/gpu/ through weft-cc
# (-O0 and -O2) and clang-16 -O2 (the reference), each run once here (the
# host fallback), and the GPU benchmark (test/bench/gpu/bench.sh build).
# On the GPU machine (the kit carried; no cargo, no network):
#   KIT/weft/gpu-check.sh run KIT
# runs each binary with the device and with OMP_TARGET_OFFLOAD=disabled and
# says which passed, then the benchmark.
# A program says what it must print: `// GPU-EXPECT: regex` with the
# device, `// HOST-EXPECT: regex` without one (both over its output joined
# into one line); weft's output on the GPU must also equal clang's (where
# the source says `// CLANG-16-WRONG`, the -O2 build's instead). On the GPU
# every build runs with OMP_TARGET_OFFLOAD=mandatory: an image that does not
# load fails the program instead of falling back to the host.
set -u
mode=${1:?usage: gpu-check.sh build|run KIT}; kit=${2:?usage: gpu-check.sh build|run KIT}
here=$(cd "$(dirname "$0")" && pwd)
expect() { sed -n "s|^// $1: ||p" "$2" | head -1; }
if [[ $mode == build ]]; then
  set -e
  root=$(cd "$here/../.." && pwd)
  cuda=${WEFT_CUDA_PATH:-$root/.cuda}
  "${MAKE_KIT:-/work/shared/device/make-kit.sh}" "$kit"
  rm -rf "$kit/weft"; mkdir -p "$kit/weft/bin"
  cp "$0" "$kit/weft/gpu-check.sh"
  off=(-fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 --cuda-path="$cuda")
  export PATH=/usr/lib/llvm-16/bin:$PATH
  for src in "$here"/gpu/*.c; do
    p=$(basename "$src" .c)
    { echo "$p"; expect GPU-EXPECT "$src"; expect HOST-EXPECT "$src"; { grep -c '^// CLANG-16-WRONG' "$src" || true; }; } > "$kit/weft/$p.expect"
    for o in O0 O2; do
      if ! "$root/target/release/weft-cc" -$o "${off[@]}" "$src" -o "$kit/weft/bin/$p-weft-$o" 2> "$kit/weft/$p-weft-$o.err"; then
        echo "== $p-weft-$o: BUILD FAILED: $(head -3 "$kit/weft/$p-weft-$o.err")"
      fi
    done
    # (clang 16 cannot build every program: its device runtime's dispatch
    # loops hold a thread-local variable CUDA 12+'s ptxas refuses.)
    clang-16 -O2 -fopenmp "${off[@]}" -Wno-unknown-cuda-version "$src" -o "$kit/weft/bin/$p-clang" -lm 2> "$kit/weft/$p-clang.err" ||
      echo "== $p-clang: clang-16 does not build it: $(grep -m1 'error' "$kit/weft/$p-clang.err")"
  done
  for b in "$kit"/weft/bin/*; do echo "== $(basename "$b"): $(timeout 60 "$b" 2>/dev/null | tr '\n' ' ')"; done
  BENCH_OUT=$kit/weft/bin "$root/test/bench/gpu/bench.sh" build
  echo "carry $kit; on the GPU machine: $kit/weft/gpu-check.sh run $kit"
  exit 0
fi
# shellcheck disable=SC1091
source "$kit/env.sh"
fail=0
out_of() { timeout "${GPU_TIMEOUT:-120}" "$@" 2>/dev/null | tr '\n' ' '; }
for e in "$kit"/weft/*.expect; do
  { read -r p; read -r gpu; read -r host; read -r clang_wrong; } < "$e"
  if [[ -x $kit/weft/bin/$p-clang ]]; then
    ref=$(OMP_TARGET_OFFLOAD=mandatory out_of "$kit/weft/bin/$p-clang")
    [[ $ref =~ $gpu ]] || echo "NOTE $p-clang on the GPU does not print /$gpu/: $ref"
  else
    echo "NOTE $p: no clang-16 build; held to its expected line only"; clang_wrong=1
  fi
  # (A program whose source says CLANG-16-WRONG is held to its expected
  # line only: clang 16's build is known to print another.)
  [[ ${clang_wrong:-0} != 0 ]] && ref=$(OMP_TARGET_OFFLOAD=mandatory out_of "$kit/weft/bin/$p-weft-O2")
  for o in O0 O2; do
    b=$kit/weft/bin/$p-weft-$o
    if [[ ! -x $b ]]; then echo "FAIL $p-weft-$o: not built"; fail=1; continue; fi
    got=$(OMP_TARGET_OFFLOAD=mandatory out_of "$b")
    if [[ $got =~ $gpu && $got == "$ref" ]]; then echo "PASS $p-weft-$o on the GPU: $got"
    else echo "FAIL $p-weft-$o on the GPU: $got (clang: $ref)"; fail=1; fi
    got=$(OMP_TARGET_OFFLOAD=disabled out_of "$b")
    if [[ $got =~ $host ]]; then echo "PASS $p-weft-$o offload disabled: $got"
    else echo "FAIL $p-weft-$o offload disabled: $got"; fail=1; fi
  done
done
echo "(LIBOMPTARGET_INFO=16 KIT/weft/bin/P shows each launch, its teams and threads)"
[[ -x $kit/weft/bin/gpubench ]] && { timeout 300 "$kit/weft/bin/gpubench" "${BENCH_REPS:-10}" || fail=1; }
exit $fail
