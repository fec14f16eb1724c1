#!/usr/bin/env bash
# dataracebench.sh DIR: weft-cc on DataRaceBench's race-free C programs
# (DIR/micro-benchmarks/*-no.c; github.com/LLNL/dataracebench), for
# docs/measured.md. Not run by the test command.
#
# Every program is built (target, teams and task programs included) by
# clang-16 -fopenmp -O2 and by weft-cc -O2, with -std=gnu99 (the suite says
# c99; gnu99 gives M_PI to the programs that use it), PolyBench programs
# with the suite's utilities/polybench.c and their arrays dumped (the
# timing line is left out of the comparison), and both run at 1, 2, 3 and
# 4 threads (10 s each). A program whose pragmas use target (target
# regions, target data, declare target) runs on the host: clang 16 without
# -fopenmp-targets runs its target regions inline, weft-cc's build calls
# libomptarget, which runs them through its host fallback; weft-cc's build
# is run twice, as is and with OMP_TARGET_OFFLOAD=disabled, and both are
# compared with clang's. "same" means weft-cc's build printed what clang's
# printed at every count (stdout and stderr, and the exit status), the
# lines in the same order or, for programs whose threads print in whatever
# order they run, as the same lines in another order. A program whose
# clang build prints other lines (sorted) in three runs at 4 threads is
# reported as nondeterministic rather than compared, and one where a run of
# either build did not finish as "timed out". A DIFFERS is checked against
# the program without its threads (clang -fopenmp-simd, linked with libomp,
# at one thread) and the line says which build printed what it prints.
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
target_re='^\s*#\s*pragma\s+omp\b.*\btarget\b'
poly="$mb/utilities/polybench.c -I $mb -I $mb/utilities -DPOLYBENCH_NO_FLUSH_CACHE -DPOLYBENCH_TIME -DPOLYBENCH_DUMP_ARRAYS -D_POSIX_C_SOURCE=200112L"
total=0 clang_ok=0 weft_ok=0 same=0 sorted_same=0 differ=0 nondet=0 timedout=0
envs=""
: > "$tmp/reasons"
serial_says() { # src extra: which build the program without threads agrees with
  local t w=1 c=1
  "$clang" -O2 -w -std=gnu99 -fopenmp-simd $2 "$1" -lm -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -lomp -o "$tmp/serial" 2> /dev/null || return
  once "$tmp/serial" 1 > "$tmp/serial.out"
  for t in 1 2 3 4; do
    cmp -s "$tmp/serial.out" "$tmp/weft.$t" || w=0
    cmp -s "$tmp/serial.out" "$tmp/clang.$t" || c=0
  done
  if [ $w -eq 1 ] && [ $c -eq 0 ]; then
    echo " (weft-cc's output is the serial program's; clang's is not)"
  elif [ $c -eq 1 ] && [ $w -eq 0 ]; then
    echo " (clang's output is the serial program's; weft-cc's is not)"
  fi
}
run_all() { # binary tag: outputs at 1-4 threads into $tmp/tag.T
  for t in 1 2 3 4; do
    once "$1" $t > "$tmp/$2.$t"
  done
}
once() { # binary threads: its output without PolyBench's timing line
  local rc=0
  env $envs OMP_NUM_THREADS=$2 timeout 10 "$1" > "$tmp/out" 2>&1 || rc=$?
  grep -vE '^[0-9]+\.[0-9]+$' "$tmp/out"
  echo "exit $rc"
}
for src in "$mb"/*-no.c; do
  name=$(basename "$src" .c)
  total=$((total + 1))
  extra=""
  grep -q PolyBench "$src" && extra=$poly
  if ! "$clang" -O2 -w -std=gnu99 -fopenmp $extra "$src" -lm -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -o "$tmp/clang" 2> /dev/null; then
    echo "$name: clang fails"
    continue
  fi
  clang_ok=$((clang_ok + 1))
  if ! "$weftcc" -O2 -w -std=gnu99 $extra "$src" -lm -o "$tmp/weft" 2> "$tmp/err"; then
    echo "$name: weft-cc fails: $(grep -m1 'error' "$tmp/err")"
    # The message without places and names: paths, line numbers, functions,
    # IR values, and the pipeline hook weft ran in.
    grep -E 'error:' "$tmp/err" | sed -E "s#[^ ]*:[0-9]+:[0-9]+: ##g; s/^weft-cc: //; s/ in function '[^']*'//; s/%[0-9A-Za-z_.]+ = [^!]*(, )?(!dbg ![0-9]+ )?/VALUE /; s/ \\(in weft \\([^)]*\\)\\)\$//" | sort -u >> "$tmp/reasons"
    continue
  fi
  weft_ok=$((weft_ok + 1))
  run_all "$tmp/clang" clang
  run_all "$tmp/weft" weft
  variants=weft note=""
  # Pragmas joined across their backslash-newlines before they are read.
  if sed -e :a -e '/\\$/N; s/\\\n//; ta' "$src" | grep -qE "$target_re"; then
    envs=OMP_TARGET_OFFLOAD=disabled run_all "$tmp/weft" weftd
    variants="weft weftd" note=" (target; also with OMP_TARGET_OFFLOAD=disabled)"
  fi
  stable=1
  for k in 1 2; do
    once "$tmp/clang" 4 | sort > "$tmp/again"
    sort "$tmp/clang.4" | cmp -s - "$tmp/again" || stable=0
  done
  if cat "$tmp"/clang.? "$tmp"/weft*.? "$tmp/again" | grep -qx 'exit 124'; then
    timedout=$((timedout + 1))
    echo "$name: timed out (over 10 s)"
    continue
  fi
  if [ $stable -eq 0 ]; then
    nondet=$((nondet + 1))
    echo "$name: built; clang's output is nondeterministic"
    continue
  fi
  ok=1 sorted=1 which=""
  for v in $variants; do
    for t in 1 2 3 4; do
      cmp -s "$tmp/clang.$t" "$tmp/$v.$t" || { ok=0; which="$which $v"; }
      cmp -s <(sort "$tmp/clang.$t") <(sort "$tmp/$v.$t") || sorted=0
    done
  done
  if [ $ok -eq 1 ]; then
    same=$((same + 1))
    echo "$name: same$note"
  elif [ $sorted -eq 1 ]; then
    sorted_same=$((sorted_same + 1))
    echo "$name: same lines, in another order$note"
  else
    differ=$((differ + 1))
    echo "$name: DIFFERS (in:$(printf '%s\n' $which | sort -u | sed 's/^weftd$/weft-cc OMP_TARGET_OFFLOAD=disabled/; s/^weft$/weft-cc/' | paste -sd, -))$(serial_says "$src" "$extra")"
  fi
done
echo
echo "programs $total, clang builds $clang_ok, weft-cc builds $weft_ok, same $same, same lines in another order $sorted_same, differ $differ, clang nondeterministic $nondet, timed out $timedout"
echo "weft-cc's refusals (programs, message):"
sort "$tmp/reasons" | uniq -c | sort -rn
