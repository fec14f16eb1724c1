#!/usr/bin/env bash
# dataracebench.sh DIR: weft-cc on DataRaceBench's race-free C programs
# (DIR/micro-benchmarks/*-no.c; github.com/LLNL/dataracebench), for
# docs/measured.md. Not run by the test command.
#
# Programs whose pragmas use target, teams or tasks are skipped. Each other
# program is built by clang-16 -fopenmp -O2 and by weft-cc -O2, with
# -std=gnu99 (the suite says c99; gnu99 gives M_PI to the programs that
# use it), PolyBench programs with the suite's utilities/polybench.c and
# their arrays dumped (the timing line is left out of the comparison), and
# both run at 1, 2, 3 and 4 threads (10 s each). "same" means weft-cc's build
# printed what clang's printed at every count (stdout and stderr, and the
# exit status), the lines in the same order or, for programs whose threads
# print in whatever order they run, as the same lines in another order. A
# program whose clang build prints other lines (sorted) in three runs at 4
# threads is reported as nondeterministic rather than compared.
# Prints one line per program, then the counts and weft-cc's refusals by
# their message (file, line and names left out).
set -uo pipefail
dir=${1:?usage: dataracebench.sh DATARACEBENCH-DIR}
mb=$dir/micro-benchmarks
root=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
skip_re='^\s*#\s*pragma\s+omp\b.*\b(target|teams|task|taskloop|taskwait|taskgroup|taskyield)\b'
poly="$mb/utilities/polybench.c -I $mb -I $mb/utilities -DPOLYBENCH_NO_FLUSH_CACHE -DPOLYBENCH_TIME -DPOLYBENCH_DUMP_ARRAYS -D_POSIX_C_SOURCE=200112L"
total=0 skipped=0 clang_ok=0 weft_ok=0 same=0 sorted_same=0 differ=0 nondet=0
: > "$tmp/reasons"
run_all() { # binary tag: outputs at 1-4 threads into $tmp/tag.T
  for t in 1 2 3 4; do
    once "$1" $t > "$tmp/$2.$t"
  done
}
once() { # binary threads: its output without PolyBench's timing line
  local rc=0
  OMP_NUM_THREADS=$2 timeout 10 "$1" > "$tmp/out" 2>&1 || rc=$?
  grep -vE '^[0-9]+\.[0-9]+$' "$tmp/out"
  echo "exit $rc"
}
for src in "$mb"/*-no.c; do
  name=$(basename "$src" .c)
  total=$((total + 1))
  if grep -qE "$skip_re" "$src"; then
    skipped=$((skipped + 1))
    echo "$name: skipped (target, teams or tasks)"
    continue
  fi
  extra=""
  grep -q PolyBench "$src" && extra=$poly
  if ! "$clang" -O2 -w -std=gnu99 -fopenmp $extra "$src" -lm -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -o "$tmp/clang" 2> /dev/null; then
    echo "$name: clang fails"
    continue
  fi
  clang_ok=$((clang_ok + 1))
  if ! "$weftcc" -O2 -w -std=gnu99 $extra "$src" -lm -o "$tmp/weft" 2> "$tmp/err"; then
    echo "$name: weft-cc fails: $(grep -m1 'error' "$tmp/err")"
    grep 'error' "$tmp/err" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //; s/^weft-cc: //; s/ in function .*//' | sort -u >> "$tmp/reasons"
    continue
  fi
  weft_ok=$((weft_ok + 1))
  run_all "$tmp/clang" clang
  run_all "$tmp/weft" weft
  stable=1
  for k in 1 2; do
    once "$tmp/clang" 4 | sort > "$tmp/again"
    sort "$tmp/clang.4" | cmp -s - "$tmp/again" || stable=0
  done
  if [ $stable -eq 0 ]; then
    nondet=$((nondet + 1))
    echo "$name: built; clang's output is nondeterministic"
    continue
  fi
  ok=1 sorted=1
  for t in 1 2 3 4; do
    cmp -s "$tmp/clang.$t" "$tmp/weft.$t" || ok=0
    cmp -s <(sort "$tmp/clang.$t") <(sort "$tmp/weft.$t") || sorted=0
  done
  if [ $ok -eq 1 ]; then
    same=$((same + 1))
    echo "$name: same"
  elif [ $sorted -eq 1 ]; then
    sorted_same=$((sorted_same + 1))
    echo "$name: same lines, in another order"
  else
    differ=$((differ + 1))
    echo "$name: DIFFERS"
  fi
done
echo
echo "programs $total, skipped $skipped, clang builds $clang_ok, weft-cc builds $weft_ok, same $same, same lines in another order $sorted_same, differ $differ, clang nondeterministic $nondet"
echo "weft-cc's refusals (programs, message):"
sort "$tmp/reasons" | uniq -c | sort -rn
