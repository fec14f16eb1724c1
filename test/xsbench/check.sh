#!/usr/bin/env bash
# check.sh XS_DIR: XSBench's OpenMP threading version (the
# ANL-CESAR/XSBench repository's openmp-threading/) as a check and a
# benchmark of weft-cc. Built by weft-cc and by clang-16 -fopenmp at each
# of LEVELS (default O0 O3) with the flags of its Makefile (-std=gnu99
# -DOPENMP, -lm); each simulation method and kernel (history; event with
# kernels 0 and 1) on each grid (unionized, nuclide, hash) of the small
# problem, with a reduced number of lookups, at 1 and 2 threads: weft's
# checksum must equal clang's. Then, unless TIME=0, a timing at -O3 and
# TIME_THREADS (default 2) threads, history and event, the two builds
# alternated REPS times (default 3): the best "Runtime" of each and
# weft/clang, and every run's checksum the same. The problem is the small
# one with a fifth of its lookups; FULL=1 times the default small problem
# itself, whose checksum XSBench verifies ("(Valid)"; a minute a run on a
# loaded 2-core machine).
# Exits 1 when a checksum differs or weft's build fails where clang's
# runs; without XS_DIR this says so and exits 0.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}

xs=${1:-}
if [ -z "$xs" ] || [ ! -f "$xs/Simulation.c" ] || [ ! -f "$xs/XSbench_header.h" ]; then
  echo "test/xsbench/check.sh: no XSBench openmp-threading sources${xs:+ at $xs}; skipped (see test/bots/README.md)"
  exit 0
fi
xs=$(cd "$xs" && pwd)
levels=${LEVELS:-O0 O3}
threads=${THREADS:-1 2}
limit=${TIMEOUT:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build COMPILER LEVEL OUT: the Makefile's flags; messages in OUT.log.
build() {
  local comp=$1 level=$2 out=$3
  local args=(-std=gnu99 -Wall -w -DOPENMP -"$level" "$xs"/*.c -lm -o "$out")
  if [ "$comp" = weft ]; then
    "$weftcc" "${args[@]}" > "$out.log" 2>&1
  else
    "$clang" -fopenmp "${args[@]}" -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" > "$out.log" 2>&1
  fi
}

# checksum EXE THREADS ARGS...: the verification checksum, or exitN /
# timeout / none.
checksum() {
  local exe=$1 t=$2 out rc
  shift 2
  out=$(timeout "$limit" "$exe" -t "$t" "$@" 2>&1)
  rc=$?
  [ $rc -eq 124 ] && { echo timeout; return; }
  # XSBench's exit status is 1 when its checksum is not the reference one,
  # which a reduced run never has: the status alone says nothing here.
  [ $rc -gt 1 ] && { echo "exit$rc"; return; }
  echo "$out" | sed -n 's/^Verification checksum: \([0-9]*\).*/\1/p' | grep . || echo none
}

status=0
cases=("-m history -p 20000" "-m event -k 0 -l 680000" "-m event -k 1 -l 680000")
printf '%-4s %-9s %-26s' opt grid method
for t in $threads; do printf ' | %-17s' "$t thr weft=clang"; done
echo
for l in $levels; do
  wb=ok cb=ok
  build weft "$l" "$work/xs.$l.weft" || wb=nobuild
  build clang "$l" "$work/xs.$l.clang" || cb=nobuild
  [ "$wb" = nobuild ] && { sed 's/^/    weft-cc: /' "$work/xs.$l.weft.log" | head -5; status=1; }
  [ "$cb" = nobuild ] && sed 's/^/    clang: /' "$work/xs.$l.clang.log" | head -5
  for g in unionized nuclide hash; do
    for c in "${cases[@]}"; do
      printf '%-4s %-9s %-26s' "$l" "$g" "$c"
      for t in $threads; do
        w=$wb k=$cb
        # shellcheck disable=SC2086
        [ "$w" = ok ] && w=$(checksum "$work/xs.$l.weft" "$t" -s small -G "$g" $c)
        # shellcheck disable=SC2086
        [ "$k" = ok ] && k=$(checksum "$work/xs.$l.clang" "$t" -s small -G "$g" $c)
        if [ "$w" = "$k" ] && [ "${w#[0-9]}" != "$w" ]; then
          cell="$w"
        else
          cell="$w/$k"
          # a mismatch, or weft's build failing where clang's gives a number
          [ "${k#[0-9]}" != "$k" ] && { cell="WEFT:$cell"; status=1; }
        fi
        printf ' | %-17s' "$cell"
      done
      echo
    done
  done
done
echo "a cell is the checksum both builds print (weft's/clang's when they differ; WEFT: marks weft's fault)"

if [ "${TIME:-1}" != 0 ]; then
  tt=${TIME_THREADS:-2}
  reps=${REPS:-3}
  build weft O3 "$work/xs.t.weft" && build clang O3 "$work/xs.t.clang" || { echo "no -O3 builds to time"; exit 1; }
  desc="small problem with a fifth of its lookups"
  [ "${FULL:-0}" = 1 ] && desc="default small problem"
  echo "timing: $desc, -O3, $tt threads, best of $reps; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-8s %12s %12s %10s %s\n' method "clang (s)" "weft-cc (s)" weft/clang checksums
  for m in history event; do
    bw="" bc="" sums="" first=""
    size=""
    if [ "${FULL:-0}" != 1 ]; then
      size="-p 100000"
      [ $m = event ] && size="-l 3400000"
    fi
    for ((r = 0; r < reps; r++)); do
      for side in clang weft; do
        # shellcheck disable=SC2086
        out=$("$work/xs.t.$side" -t "$tt" -s small -m "$m" $size 2>&1)
        sum=$(sed -n 's/^Verification checksum: \([0-9]*\).*/\1/p' <<< "$out")
        [ -n "$first" ] || first=$sum
        if [ -z "$sum" ] || [ "$sum" != "$first" ] ||
          { [ "${FULL:-0}" = 1 ] && ! grep -q '^Verification checksum: [0-9]* (Valid)' <<< "$out"; }; then
          sums="$sums $side:${sum:-none}"
          [ $side = weft ] && status=1
        fi
        t=$(sed -n 's/^Runtime: *\([0-9.]*\) seconds/\1/p' <<< "$out")
        [ -n "$t" ] || continue
        if [ $side = weft ]; then
          bw=$(awk -v a="$bw" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        else
          bc=$(awk -v a="$bc" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        fi
      done
    done
    ratio=$(awk -v w="$bw" -v c="$bc" 'BEGIN { if (w == "" || c + 0 == 0) print "-"; else printf "%.3f", w / c }')
    printf '%-8s %12s %12s %10s %s\n' "$m" "${bc:--}" "${bw:--}" "$ratio" "${sums:-all $first}"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
fi
exit $status
