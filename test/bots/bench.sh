#!/usr/bin/env bash
# bench.sh BOTS_DIR THREADS: each Barcelona OpenMP Tasks Suite app built
# by weft-cc -O3 and by clang-16 -fopenmp -O3 (the same flags otherwise),
# run REPS times each (default 5) on bench-sized inputs, the two builds
# alternated in one process tree so that both see the same machine; the
# best "Time Program" of each (BOTS's time of the parallel kernel),
# weft/clang per app and their geometric mean. A run that does not verify
# is reported and left out. APPS narrows the set; VARIANT picks the
# version (default plain; e.g. plain-tied, if, manual-tied; an app without
# that version is skipped).
# BOTS_BIN=DIR keeps the binaries in DIR (BUILD_ONLY=1: build, do not
# run) and times binaries already there without building them.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/test/bots/lib.sh"

if [ $# -lt 2 ]; then
  echo "usage: test/bots/bench.sh BOTS_DIR THREADS (Barcelona OpenMP Tasks Suite sources; see test/bots/README.md)"
  exit 2
fi
bots=$(cd "$1" && pwd) || exit 2
threads=$2
reps=${REPS:-5}
apps=${APPS:-$bots_all}
variant=${VARIANT:-plain}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${BOTS_BIN:-$work/bin}
mkdir -p "$bin"
bin=$(cd "$bin" && pwd)

# build APP: both binaries of APP in $bin, unless they are there already.
prepared=no
build() {
  local a=$1 exe=$bin/$1.$variant
  [ -x "$exe.weft" ] && [ -x "$exe.clang" ] && return 0
  if [ $prepared = no ]; then
    if [ ! -f "$bots/common/bots_main.c" ]; then
      echo "bench.sh: no BOTS sources at $bots, and no $a binaries in $bin"
      return 1
    fi
    bots_prepare "$bots" "$work" || exit 2
    prepared=yes
  fi
  bots_build "$work" "$a" "$variant" weft O3 "$exe.weft" &&
    bots_build "$work" "$a" "$variant" clang O3 "$exe.clang"
}

if [ "${BUILD_ONLY:-0}" = 1 ]; then
  for a in $apps; do build "$a" || echo "$a does not build"; done
  exit 0
fi

# time_one EXE ARGS...: BOTS's time of the kernel; nothing when the run did
# not verify, and then its output is kept in a file $bin/failed.*.
time_one() {
  local exe=$1 out rc keep
  shift
  out=$(OMP_NUM_THREADS=$threads "$exe" "$@" -c 2>&1)
  rc=$?
  # A here-string, not `echo | grep -q`: under pipefail, grep -q leaving
  # before echo has written the rest of a long output (concom prints a
  # line a node) fails the pipeline with SIGPIPE.
  if [ $rc -ne 0 ] || ! grep -Eiq "^Verification *= *successful" <<< "$out"; then
    keep=$(mktemp "$bin/failed.XXXXXX")
    { echo "$exe $*, exit status $rc"; echo "$out"; } > "$keep"
    echo "  ($exe: exit status $rc, output in $keep; it ends:)" >&2
    echo "$out" | tail -n 4 >&2
    return 0
  fi
  echo "$out" | sed -n 's/^Time Program *= *\([0-9.]*\) seconds.*/\1/p'
}

echo "version $variant, $threads threads, best of $reps, -O3; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %12s %12s %10s\n' app "clang (s)" "weft-cc (s)" weft/clang
logsum=0
n=0
for a in $apps; do
  case " $(bots_variants "$a") " in *" $variant "*) ;; *) continue ;; esac
  if ! build "$a"; then
    printf '%-16s does not build\n' "$a"
    continue
  fi
  # shellcheck disable=SC2207
  args=($(bots_bench_args "$a" "$bots/inputs"))
  bw="" bc=""
  for ((r = 0; r < reps; r++)); do
    for side in clang weft; do
      t=$(time_one "$bin/$a.$variant.$side" "${args[@]}")
      if [ -z "$t" ]; then
        echo "  $a: the $side build did not verify in run $r"
        continue
      fi
      if [ $side = weft ]; then
        bw=$(awk -v a="$bw" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
      else
        bc=$(awk -v a="$bc" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
      fi
    done
  done
  if [ -z "$bw" ] || [ -z "$bc" ] || awk -v w="$bw" -v c="$bc" 'BEGIN { exit !(w + 0 == 0 || c + 0 == 0) }'; then
    printf '%-16s %12s %12s %10s\n' "$a" "${bc:--}" "${bw:--}" -
    continue
  fi
  ratio=$(awk -v w="$bw" -v c="$bc" 'BEGIN { printf "%.3f", w / c }')
  printf '%-16s %12s %12s %10s\n' "$a" "$bc" "$bw" "$ratio"
  logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN { print s + log(r) }')
  n=$((n + 1))
done
[ $n -gt 0 ] && awk -v s="$logsum" -v n="$n" 'BEGIN { printf "%-16s %12s %12s %10.3f\n", "geomean", "", "", exp(s / n) }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
