#!/usr/bin/env bash
# One command on a fresh Debian/Ubuntu machine: installs what is missing
# (LLVM 16 toolchain, libomp, lit), builds weft, and runs it end to end on the
# bundled examples (test/examples/parallel-sum.ll, and test/examples/histogram.c
# through weft-cc).
#   scripts/setup.sh            everything
#   scripts/setup.sh --deps     only install what is missing (used by scripts/test.sh)
#   scripts/setup.sh --offload  only the device-image tools (below)
# The full set-up also installs what NVPTX device images need (docs/offload-device.md):
# Debian's clang-tools-16 (clang-offload-packager, clang-linker-wrapper) and a CUDA folder
# .cuda (ptxas, nvlink, fatbinary, libdevice from PyPI wheels: scripts/cuda-tools.sh); the
# tests that need them (lit features offload-packager, nvptx-tools) are skipped without them.
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
PKGS=(llvm-16-dev llvm-16-tools clang-16 libomp-16-dev zlib1g-dev libzstd-dev python3-venv)

sudo_if_needed() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

install_deps() {
  local missing=()
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "== installing: ${missing[*]}"
    sudo_if_needed apt-get update -q
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    # A build tried before LLVM was here cached "no LLVM found" in these
    # crates' build scripts; cargo would not run them again on its own.
    cargo clean --release -q -p llvm-sys -p llvm-plugin -p inkwell 2>/dev/null || true
  fi
  command -v cargo >/dev/null || { echo "cargo is missing: install Rust (rustup) first" >&2; exit 1; }
  # lit, from PyPI, in a venv of the repo's own (.venv, git-ignored).
  if [[ ! -x .venv/bin/lit ]]; then
    echo "== installing lit into .venv"
    python3 -m venv .venv
    .venv/bin/pip install -q lit
  fi
}

install_offload() {
  if ! dpkg-query -W -f='${Status}' clang-tools-16 2>/dev/null | grep -q "install ok installed"; then
    echo "== installing clang-tools-16 (offload packager and linker wrapper)"
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang-tools-16 ||
      echo "== clang-tools-16 could not be installed: the device-image tests will be skipped" >&2
  fi
  if [[ ! -x .cuda/bin/ptxas && -z ${WEFT_CUDA_PATH:-} ]]; then
    echo "== fetching ptxas, nvlink, fatbinary and libdevice into .cuda"
    scripts/cuda-tools.sh .cuda || echo "== no CUDA tools: the device-image tests will be skipped" >&2
  fi
}

if [[ ${1:-} == --offload ]]; then
  install_offload
  exit 0
fi
install_deps
[[ ${1:-} == --deps ]] && exit 0
install_offload

echo "== building weft"
cargo build --release
PLUGIN=$PWD/target/release/libweft.so
EX=test/examples/parallel-sum.ll
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

echo "== W-Region graph of $EX"
"$LLVM/bin/opt" -load-pass-plugin="$PLUGIN" -passes='weft-prepare,print<wregions>' -disable-output "$EX"

echo "== clang-16 -O2 -fpass-plugin=$PLUGIN $EX -lomp"
"$LLVM/bin/clang" -O2 -Wno-override-module -fpass-plugin="$PLUGIN" "$EX" -L"$LLVM/lib" -Wl,-rpath,"$LLVM/lib" -lomp \
  -o "$OUT/parallel-sum"
first=""
for t in 1 2 4; do
  echo "== OMP_NUM_THREADS=$t"
  out=$(OMP_NUM_THREADS=$t "$OUT/parallel-sum")
  echo "$out"
  [[ -z $first ]] && first=$out
  [[ $out == "$first" ]] || { echo "== the result differs between thread counts" >&2; exit 1; }
done
echo "== weft-cc -O2 test/examples/histogram.c (C with #pragma omp, lowered by weft)"
target/release/weft-cc -O2 test/examples/histogram.c -o "$OUT/histogram"
first=""
for t in 1 2 4; do
  out=$(OMP_NUM_THREADS=$t "$OUT/histogram")
  echo "== OMP_NUM_THREADS=$t: $(echo "$out" | head -2 | tr '\n' ' ')..."
  [[ -z $first ]] && first=$out
  [[ $out == "$first" ]] || { echo "== the result differs between thread counts" >&2; exit 1; }
done
echo "== setup done; run the tests with: scripts/test.sh"
