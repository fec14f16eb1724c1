#!/usr/bin/env bash
# The device check of weft's NVPTX images (docs/offload-device.md), in two
# halves. Here (no GPU; clang-tools-16 and a CUDA folder, scripts/setup.sh
# --offload):
#   test/offload/gpu-check.sh build KIT
# makes the kit (/work/shared/device/make-kit.sh, or MAKE_KIT=path) and
# builds into KIT/weft: test/offload/device-spmd.c and
# test/offload/gpu/ondevice.c through weft-cc, ondevice.c through clang-16
# too (the reference), each run once here (host fallback: devices 0).
# On the GPU machine (the kit carried; no cargo, no network):
#   KIT/weft/gpu-check.sh run KIT
# runs each binary with the device and with OMP_TARGET_OFFLOAD=disabled and
# says which passed.
set -u
mode=${1:?usage: gpu-check.sh build|run KIT}; kit=${2:?usage: gpu-check.sh build|run KIT}
here=$(cd "$(dirname "$0")" && pwd)
if [[ $mode == build ]]; then
  set -e
  root=$(cd "$here/../.." && pwd)
  cuda=${WEFT_CUDA_PATH:-$root/.cuda}
  "${MAKE_KIT:-/work/shared/device/make-kit.sh}" "$kit"
  mkdir -p "$kit/weft"
  cp "$0" "$kit/weft/gpu-check.sh"
  off=(-fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 --cuda-path="$cuda")
  export PATH=/usr/lib/llvm-16/bin:$PATH
  for o in O0 O2; do
    "$root/target/release/weft-cc" -$o "${off[@]}" "$root/test/offload/device-spmd.c" -o "$kit/weft/spmd-$o"
    "$root/target/release/weft-cc" -$o "${off[@]}" "$here/gpu/ondevice.c" -o "$kit/weft/ondevice-$o"
  done
  clang-16 -O2 -fopenmp "${off[@]}" -Wno-unknown-cuda-version "$here/gpu/ondevice.c" -o "$kit/weft/ondevice-clang"
  for b in "$kit"/weft/spmd-* "$kit"/weft/ondevice-*; do echo "== $(basename "$b"): $("$b" 2>/dev/null | tr '\n' ' ')"; done
  echo "carry $kit; on the GPU machine: $kit/weft/gpu-check.sh run $kit"
  exit 0
fi
# shellcheck disable=SC1091
source "$kit/env.sh"
fail=0
check() { # name, expected pattern, command...
  local name=$1 want=$2; shift 2
  local out; out=$("$@" 2>&1 | tr '\n' ' ')
  if [[ $out =~ $want ]]; then echo "PASS $name: $out"; else echo "FAIL $name: $out"; fail=1; fi
}
for b in ondevice-clang ondevice-O0 ondevice-O2; do
  check "$b on the GPU" "devices 1 ondev 100000 saxpy ok scale ok" "$kit/weft/$b"
  check "$b offload disabled" "devices 0 ondev 0 saxpy ok scale ok" env OMP_TARGET_OFFLOAD=disabled "$kit/weft/$b"
done
for b in spmd-O0 spmd-O2; do
  check "$b on the GPU" "devices 1 saxpy 1 sum 1749250.0 y\[5\] 1007.5 scale 1 sum 2498500 square 1 sum 332833500" "$kit/weft/$b"
done
echo "(LIBOMPTARGET_INFO=-1 KIT/weft/ondevice-O2 shows each launch, its teams and threads)"
exit $fail
