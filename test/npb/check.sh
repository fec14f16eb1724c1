#!/usr/bin/env bash
# check.sh NPB_DIR [CLASS]: the NAS Parallel Benchmarks (NPB 3.0 OpenMP C)
# as a check of weft-cc. Each benchmark (BT CG EP FT IS LU MG SP) is built
# by weft-cc and by clang-16 -fopenmp at each of -O0..-O3 (the same flags
# otherwise), run at 1, 2, 3 and 4 threads, and must print its own
# "Verification = SUCCESSFUL" (NPB's c_print_results line).
# Prints a table; exits 1 when a weft build fails where clang's build at
# the same level and thread count verifies.
#
# The sources are not part of the repository (CI has no network): without
# NPB_DIR this says so and exits 0. Class S unless CLASS is given.
# LEVELS, THREADS, BENCHES and TIMEOUT (seconds a run, default 600) narrow
# or widen it, e.g. `BENCHES="BT SP" LEVELS=O3 test/npb/check.sh NPB_DIR`.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/test/npb/lib.sh"

npb=${1:-}
class=${2:-S}
if [ -z "$npb" ] || [ ! -f "$npb/common/c_print_results.c" ]; then
  echo "test/npb/check.sh: no NPB 3.0 OpenMP C sources${npb:+ at $npb}; skipped (see test/npb/README.md)"
  exit 0
fi
npb=$(cd "$npb" && pwd)
levels=${LEVELS:-O0 O1 O2 O3}
threads=${THREADS:-1 2 3 4}
benches=${BENCHES:-$npb_all}
limit=${TIMEOUT:-600}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npb_prepare "$npb" "$class" "$work" || exit 2
mkdir -p "$work/bin"

# run_one EXE THREADS: ok, fail (ran, did not verify), nan (verified a
# NaN), exitN, timeout.
run_one() {
  local out rc
  out=$(OMP_NUM_THREADS=$2 timeout "$limit" "$1" 2>&1)
  rc=$?
  [ $rc -eq 124 ] && { echo timeout; return; }
  [ $rc -ne 0 ] && { echo "exit$rc"; return; }
  # NPB compares |computed - reference| > epsilon, which a NaN passes.
  if echo "$out" | grep -Eiq '(^|[^a-z])nan([^a-z]|$)'; then
    echo nan
  elif echo "$out" | grep -Eq "Verification *= *SUCCESSFUL"; then
    echo ok
  else
    echo fail
  fi
}

status=0
failures=""
printf '%-4s %-4s' bench opt
for t in $threads; do printf ' | %-13s' "$t thr weft/cl"; done
echo
for b in $benches; do
  if [ ! -d "$work/src/$b" ]; then
    printf '%-4s not in %s\n' "$b" "$npb"
    continue
  fi
  for l in $levels; do
    exe=$work/bin/$b.$l
    wb=ok cb=ok
    npb_build "$work" "$b" weft "$l" "$exe.weft" || wb=nobuild
    npb_build "$work" "$b" clang "$l" "$exe.clang" || cb=nobuild
    printf '%-4s %-4s' "$b" "$l"
    for t in $threads; do
      w=$wb c=$cb
      [ "$w" = ok ] && w=$(run_one "$exe.weft" "$t")
      [ "$c" = ok ] && c=$(run_one "$exe.clang" "$t")
      cell="$w/$c"
      if [ "$w" != ok ] && [ "$c" = ok ]; then
        cell="WEFT:$w"
        status=1
        failures="$failures $b-$l-${t}thr"
      fi
      printf ' | %-13s' "$cell"
    done
    echo
    [ "$wb" = nobuild ] && sed 's/^/    weft-cc: /' "$exe.weft.log" | head -5
    [ "$cb" = nobuild ] && sed 's/^/    clang: /' "$exe.clang.log" | head -5
  done
done
echo "class $class; a cell is weft-cc's result/clang's (ok = verified); WEFT: marks a weft-only failure"
[ $status -ne 0 ] && echo "weft-cc failed where clang verifies:$failures"
exit $status
