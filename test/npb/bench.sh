#!/usr/bin/env bash
# bench.sh NPB_DIR CLASS THREADS: each NPB 3.0 OpenMP C benchmark built by
# weft-cc -O3 and by clang-16 -fopenmp -O3 (the same flags otherwise), run
# REPS times each (default 5), the two builds alternated in one process
# tree so that both see the same machine; the best "Time in seconds" of
# each, weft/clang per benchmark and their geometric mean. A run that does
# not verify is reported and left out. BENCHES narrows the set.
# NPB_BIN=DIR keeps the binaries in DIR (BUILD_ONLY=1: build, do not run)
# and times binaries already there without building them (NPB_DIR may then
# be `-`): build on one machine, time on a quieter one.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/test/npb/lib.sh"

if [ $# -lt 3 ]; then
  echo "usage: test/npb/bench.sh NPB_DIR CLASS THREADS (NPB 3.0 OpenMP C sources; see test/npb/README.md)"
  exit 2
fi
npb=$1
class=$2
threads=$3
reps=${REPS:-5}
benches=${BENCHES:-$npb_all}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${NPB_BIN:-$work/bin}
mkdir -p "$bin"
bin=$(cd "$bin" && pwd)

# build B: both binaries of B in $bin, unless they are there already.
prepared=no
build() {
  local b=$1 exe=$bin/$1.$class
  [ -x "$exe.weft" ] && [ -x "$exe.clang" ] && return 0
  if [ $prepared = no ]; then
    if [ ! -f "$npb/common/c_print_results.c" ]; then
      echo "bench.sh: no NPB 3.0 OpenMP C sources at $npb, and no $b binaries in $bin"
      return 1
    fi
    npb_prepare "$(cd "$npb" && pwd)" "$class" "$work" || exit 2
    prepared=yes
  fi
  [ -d "$work/src/$b" ] || return 1
  npb_build "$work" "$b" weft O3 "$exe.weft" && npb_build "$work" "$b" clang O3 "$exe.clang"
}

if [ "${BUILD_ONLY:-0}" = 1 ]; then
  for b in $benches; do build "$b" || echo "$b does not build"; done
  exit 0
fi

# time_one EXE: the benchmark's own time; nothing when it did not verify,
# and then its output is kept in a file $bin/failed.* for a look.
time_one() {
  local out rc keep
  out=$(OMP_NUM_THREADS=$threads "$1" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! echo "$out" | grep -Eq "Verification *= *SUCCESSFUL" ||
    echo "$out" | grep -Eiq '(^|[^a-z])nan([^a-z]|$)'; then
    keep=$(mktemp "$bin/failed.XXXXXX")
    { echo "$1, exit status $rc"; echo "$out"; } > "$keep"
    echo "  ($1: exit status $rc, output in $keep; it ends:)" >&2
    echo "$out" | tail -n 4 >&2
    return 0
  fi
  echo "$out" | sed -n 's/^ *Time in seconds *= *//p'
}

echo "class $class, $threads threads, best of $reps, -O3; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %12s %12s %10s\n' bench "clang (s)" "weft-cc (s)" weft/clang
logsum=0
n=0
for b in $benches; do
  if ! build "$b"; then
    printf '%-5s does not build\n' "$b"
    continue
  fi
  bw="" bc=""
  for ((r = 0; r < reps; r++)); do
    for side in clang weft; do
      t=$(time_one "$bin/$b.$class.$side")
      if [ -z "$t" ]; then
        echo "  $b: the $side build did not verify in run $r"
        continue
      fi
      if [ $side = weft ]; then
        bw=$(awk -v a="$bw" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
      else
        bc=$(awk -v a="$bc" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
      fi
    done
  done
  # NPB prints its time with two decimals: IS below class A reads 0.00.
  if [ -z "$bw" ] || [ -z "$bc" ] || awk -v w="$bw" -v c="$bc" 'BEGIN { exit !(w + 0 == 0 || c + 0 == 0) }'; then
    printf '%-5s %12s %12s %10s\n' "$b" "${bc:--}" "${bw:--}" -
    continue
  fi
  ratio=$(awk -v w="$bw" -v c="$bc" 'BEGIN { printf "%.3f", w / c }')
  printf '%-5s %12s %12s %10s\n' "$b" "$bc" "$bw" "$ratio"
  logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN { print s + log(r) }')
  n=$((n + 1))
done
[ $n -gt 0 ] && awk -v s="$logsum" -v n="$n" 'BEGIN { printf "%-5s %12s %12s %10.3f\n", "geomean", "", "", exp(s / n) }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
