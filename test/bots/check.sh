#!/usr/bin/env bash
# check.sh BOTS_DIR: the Barcelona OpenMP Tasks Suite (omp-tasks/) as a
# check of weft-cc's tasks. Each app (alignment, concom, fft, fib,
# floorplan, health, knapsack, nqueens, sort, sparselu, strassen, uts) in
# each version BOTS's Makefiles build (plain, the manual, if and final
# cutoff versions, and each of those tied) is built by weft-cc and by
# clang-16 -fopenmp at each of -O0..-O3 (the same flags otherwise), run on
# a small input at 1, 2, 3 and 4 threads with the app's own verification
# (-c), and must print "Verification = successful".
# Prints a table; exits 1 when a weft build fails where clang's build of
# the same version at the same level and thread count verifies.
#
# The sources are not part of the repository (CI has no network): without
# BOTS_DIR this says so and exits 0. LEVELS, THREADS, APPS, VARIANTS (e.g.
# "plain if-tied") and TIMEOUT (seconds a run, default 60) narrow or widen
# it, e.g. `APPS="fib uts" LEVELS=O2 test/bots/check.sh BOTS_DIR`.
# A weft-only failure is run again, both builds RETRIES times (default 4):
# when clang's build then fails too, the cell says `flaky` (both builds
# fail now and then: the app's or the runtime's, not weft's) and does not
# count; otherwise it is WEFT:, with weft's failing runs' output kept in
# KEEP (default a new directory under /tmp, named at the end).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/test/bots/lib.sh"

bots=${1:-}
if [ -z "$bots" ] || [ ! -f "$bots/common/bots_main.c" ] || [ ! -d "$bots/omp-tasks" ]; then
  echo "test/bots/check.sh: no Barcelona OpenMP Tasks Suite sources${bots:+ at $bots}; skipped (see test/bots/README.md)"
  exit 0
fi
bots=$(cd "$bots" && pwd)
levels=${LEVELS:-O0 O1 O2 O3}
threads=${THREADS:-1 2 3 4}
apps=${APPS:-$bots_all}
limit=${TIMEOUT:-60}
retries=${RETRIES:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=${KEEP:-}
bots_prepare "$bots" "$work" || exit 2
mkdir -p "$work/bin"

# run_one EXE THREADS ARGS...: ok (verified), fail (ran, did not verify),
# exitN, timeout. BOTS exits 0 whatever its verification says. The output
# of the last run is in EXE.out, and read from there: `echo "$out" | grep
# -q` under pipefail fails now and then when the output is long (concom
# prints a line a node), grep leaving before echo has written it all.
run_one() {
  local exe=$1 t=$2 rc
  shift 2
  OMP_NUM_THREADS=$t timeout "$limit" "$exe" "$@" -c > "$exe.out" 2>&1
  rc=$?
  [ $rc -eq 124 ] && { echo timeout; return; }
  [ $rc -ne 0 ] && { echo "exit$rc"; return; }
  if grep -Eiq "^Verification *= *successful" "$exe.out"; then
    echo ok
  else
    echo fail
  fi
}

# retry EXE_BASE THREADS ARGS...: after a weft-only failure, both builds
# again; prints "weft-failures clang-failures" of RETRIES runs each, and
# keeps the output of weft's failing runs.
retry() {
  local base=$1 t=$2 i wf=0 cf=0 r
  shift 2
  cp "$base.weft.out" "$keep/$(basename "$base").${t}thr.weft.0"
  for ((i = 1; i <= retries; i++)); do
    r=$(run_one "$base.weft" "$t" "$@")
    if [ "$r" != ok ]; then
      wf=$((wf + 1))
      cp "$base.weft.out" "$keep/$(basename "$base").${t}thr.weft.$i"
    fi
    r=$(run_one "$base.clang" "$t" "$@")
    [ "$r" != ok ] && cf=$((cf + 1))
  done
  echo "$wf $cf"
}

status=0
failures=""
flaky=""
printf '%-16s %-13s %-3s' app version opt
for t in $threads; do printf ' | %-13s' "$t thr weft/cl"; done
echo
for a in $apps; do
  if [ ! -d "$work/src/omp-tasks/$(bots_dir "$a")" ]; then
    printf '%-16s not in %s\n' "$a" "$bots"
    continue
  fi
  for v in $(bots_variants "$a"); do
    case " ${VARIANTS:-$v} " in *" $v "*) ;; *) continue ;; esac
    # shellcheck disable=SC2207
    args=($(bots_args "$a" "$v" "$bots/inputs"))
    for l in $levels; do
      exe=$work/bin/$a.$v.$l
      wb=ok cb=ok
      bots_build "$work" "$a" "$v" weft "$l" "$exe.weft" || wb=nobuild
      bots_build "$work" "$a" "$v" clang "$l" "$exe.clang" || cb=nobuild
      printf '%-16s %-13s %-3s' "$a" "$v" "$l"
      for t in $threads; do
        w=$wb c=$cb
        [ "$w" = ok ] && w=$(run_one "$exe.weft" "$t" "${args[@]}")
        [ "$c" = ok ] && c=$(run_one "$exe.clang" "$t" "${args[@]}")
        cell="$w/$c"
        if [ "$w" != ok ] && [ "$c" = ok ]; then
          [ -n "$keep" ] || keep=$(mktemp -d /tmp/bots-check.XXXXXX)
          read -r wf cf < <(retry "$exe" "$t" "${args[@]}")
          if [ "$cf" -gt 0 ]; then
            cell="flaky:$w"
            flaky="$flaky $a-$v-$l-${t}thr(weft+$wf,clang+$cf)"
          else
            cell="WEFT:$w+$wf"
            status=1
            failures="$failures $a-$v-$l-${t}thr"
          fi
        fi
        printf ' | %-13s' "$cell"
      done
      echo
      [ "$wb" = nobuild ] && sed 's/^/    weft-cc: /' "$exe.weft.log" | head -5
      [ "$cb" = nobuild ] && sed 's/^/    clang: /' "$exe.clang.log" | head -5
      rm -f "$exe".*
    done
  done
done
echo "a cell is weft-cc's result/clang's (ok = verified); WEFT: marks a weft-only failure"
echo "(WEFT:fail+N: N more failures of weft's build in $retries reruns, none of clang's)"
[ -n "$flaky" ] && echo "failed through weft-cc, then through clang too on rerun (counted as neither's):$flaky"
[ $status -ne 0 ] && echo "weft-cc failed where clang verifies:$failures"
[ -n "$failures$flaky" ] && echo "output of weft's failing runs: $keep"
exit $status
