#!/usr/bin/env bash
# gpu-suites.sh: the target programs of public suites through weft-cc's
# device images and clang-16's offloading, run on the GPU (docs/measured.md).
# Not run by the test command (the suites are not in the repository; the
# GPU is on another machine). Two halves:
#   test/suites/gpu-suites.sh build OUT EXAMPLES_DIR DRB_DIR    (here)
#   OUT/gpu-suites.sh run OUT                                    (on the GPU machine, the kit sourced)
# build: every OpenMP Examples source (EXAMPLES_DIR/*/sources/*.c) whose
# @@operation is run and whose pragmas use target, and every DataRaceBench
# program (DRB_DIR/micro-benchmarks/*-no.c: the race-free ones) that does,
# each built by clang-16 -O2 -fopenmp with -fopenmp-targets=nvptx64 for
# sm_90 and by weft-cc -O2 with the same flags (the Examples' @@version as
# -fopenmp-version, as test/suites/omp-examples.sh does); a source weft-cc
# refuses is listed with its message. run: each pair with
# OMP_TARGET_OFFLOAD=mandatory (a program whose image does not load fails)
# and the source's @@env, SUITE_TIMEOUT seconds (30), and compared: "same"
# (stdout and exit status), "same lines, in another order", DIFFERS, or
# "clang fails" where clang's own build does not run.
set -uo pipefail
mode=${1:?usage: gpu-suites.sh build OUT EXAMPLES_DIR DRB_DIR | run OUT}
out=${2:?usage: gpu-suites.sh build OUT EXAMPLES_DIR DRB_DIR | run OUT}
target_re='^\s*#\s*pragma\s+omp\b.*\btarget\b'
tag() { grep -m1 -E "@@$2:" "$1" | sed -E "s/.*@@$2:[[:space:]]*//; s/[[:space:]]*$//"; }
if [[ $mode == build ]]; then
  ex=${3:?EXAMPLES_DIR}; drb=${4:?DRB_DIR}
  root=$(cd "$(dirname "$0")/../.." && pwd)
  cuda=${WEFT_CUDA_PATH:-$root/.cuda}
  export PATH=/usr/lib/llvm-16/bin:$PATH
  off=(-fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 --cuda-path="$cuda")
  mkdir -p "$out/bin" "$out/refused"
  cp "$0" "$out/gpu-suites.sh"
  : > "$out/list"
  built=0 refused=0
  for src in "$ex"/*/sources/*.c "$drb"/micro-benchmarks/*-no.c; do
    grep -qE "$target_re" "$src" || continue
    ver=() envs=""
    if [[ $src == "$ex"/* ]]; then
      [[ $(tag "$src" operation) == run ]] || continue
      case $(tag "$src" version) in omp_5.1) ver=(-fopenmp-version=51) ;; omp_5.2 | omp_6.0) ver=(-fopenmp-version=52) ;; esac
      envs=$(tag "$src" env)
    fi
    name=$(basename "$src" .c)
    if ! clang-16 -O2 -fopenmp "${ver[@]}" "${off[@]}" -Wno-unknown-cuda-version "$src" -o "$out/bin/$name-clang" -lm 2>/dev/null; then
      echo "$name: clang-16 does not build it"; continue
    fi
    if "$root/target/release/weft-cc" -O2 "${ver[@]}" "${off[@]}" "$src" -o "$out/bin/$name-weft" -lm 2> "$out/refused/$name"; then
      rm -f "$out/refused/$name"; built=$((built + 1))
    else
      refused=$((refused + 1))
      echo "$name: refused: $(grep -m1 'error' "$out/refused/$name" | sed -E 's/ in function .*//; s/.*error: //' | cut -c1-200)"
    fi
    echo "$name|$envs" >> "$out/list"
  done
  echo "built by weft-cc: $built, refused: $refused, of $(wc -l < "$out/list")"
  exit 0
fi
limit=${SUITE_TIMEOUT:-30}
same=0 sorted=0 differ=0 clangfail=0 refused=0
run1() { env OMP_TARGET_OFFLOAD=mandatory $2 timeout "$limit" "$1" > "$out/o" 2>/dev/null; echo "exit $?" >> "$out/o"; cat "$out/o"; }
while IFS='|' read -r name envs; do
  if [[ ! -x $out/bin/$name-weft ]]; then refused=$((refused + 1)); echo "$name: refused by weft-cc"; continue; fi
  c=$(run1 "$out/bin/$name-clang" "$envs"); w=$(run1 "$out/bin/$name-weft" "$envs")
  if [[ $c == *"exit 0" || $c == *"exit 1" ]] && [[ $c != *"exit 124" ]]; then :; else clangfail=$((clangfail + 1)); echo "$name: clang's build fails ($(tail -1 <<< "$c")); weft: $(tail -1 <<< "$w")"; continue; fi
  if [[ $c == "$w" ]]; then same=$((same + 1)); echo "$name: same"
  elif [[ $(sort <<< "$c") == "$(sort <<< "$w")" ]]; then sorted=$((sorted + 1)); echo "$name: same lines, in another order"
  else differ=$((differ + 1)); echo "$name: DIFFERS"; diff <(echo "$c") <(echo "$w") | head -6 | sed 's/^/    /'; fi
done < "$out/list"
echo "same $same, same lines in another order $sorted, DIFFERS $differ, clang's build fails $clangfail, refused by weft-cc $refused"
