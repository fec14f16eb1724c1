#!/usr/bin/env bash
# llvm-runtime.sh DIR: weft-cc on the C tests of LLVM's OpenMP runtime
# (a copy of llvm-project's openmp/runtime/test: DIR/omp_testsuite.h and
# the shared headers, DIR/FOLDER/*.c), for docs/measured.md. Not run by
# the test command (the suite is not in the repository).
#
# The tests are lit tests that pass by exiting with status 0. Each test's
# `RUN:` lines give its extra compile flags (after %libomp-compile) and the
# environments it runs in (`env A=B ... %libomp-run`); FileCheck lines are
# not checked, only the exit status. Skipped: the ompt/ folder, tests that
# build as C++ (%libomp-cxx-...) and tests that expect to fail (`not
# %libomp-run`); target, teams and task tests are run. A test whose
# pragmas use target runs on the host: clang 16 without -fopenmp-targets
# runs its target regions inline, weft-cc's build calls libomptarget,
# which runs them through its host fallback; weft-cc's build is run as is
# and, in each environment that does not set OMP_TARGET_OFFLOAD itself,
# again with OMP_TARGET_OFFLOAD=disabled (a failure there is marked
# "disabled"). Each other test is
# built by clang-16 -fopenmp and by weft-cc with the same flags (-O2 -w
# -fopenmp-version=51, -I DIR and the test's folder, the RUN line's flags,
# -lm -lpthread) and run in each of its environments at 1, 2, 3 and 4
# threads (SUITE_TIMEOUT seconds each, 30 unless set). A test "passes" when both builds exit with 0 in every
# run; it FAILS when clang's build passes every run and weft-cc's does not
# (a possible wrong-code bug: the run is tried twice more to say whether
# it always fails); where clang's build fails a run and then passes it in
# two more tries the test is "clang nondeterministic", and where it fails
# it again (or hangs) the test is reported as "clang's build fails the
# test" (with weft-cc's exit status in the same run): LLVM 16's libomp
# predates the fixes some tests check.
# Prints one line per test, then the counts and weft-cc's refusals by
# their message (file, line and names left out).
set -uo pipefail
dir=${1:?usage: llvm-runtime.sh LLVM-OPENMP-RUNTIME-TEST-DIR}
dir=$(cd "$dir" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
limit=${SUITE_TIMEOUT:-30}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
target_re='^\s*#\s*pragma\s+omp\b.*\btarget\b'
total=0 skipped=0 clang_ok=0 weft_ok=0 pass=0 fails=0 clang_bad=0 nondet=0
: > "$tmp/reasons"
runs() { # test: its RUN lines, continuations joined
  grep -E '^\s*//\s*RUN:' "$1" | sed -E 's#^\s*//\s*RUN:\s*##' |
    awk '{ if (sub(/\\$/, "")) { acc = acc $0 " " } else { print acc $0; acc = "" } }'
}
refused() { # name: report weft-cc's refusal and keep its messages
  echo "$1: weft-cc fails: $(grep -m1 'error' "$tmp/err")"
  # The message without places and names: paths, line numbers, functions,
  # IR values, and the pipeline hook weft ran in.
  grep -E 'error:' "$tmp/err" | sed -E "s#[^ ]*:[0-9]+:[0-9]+: ##g; s/^weft-cc: //; s/ in function '[^']*'//; s/%[0-9A-Za-z_.]+ = [^!]*(, )?(!dbg ![0-9]+ )?/VALUE /; s/ \\(in weft \\([^)]*\\)\\)\$//" | sort -u >> "$tmp/reasons"
}
status() { # binary env threads: the exit status of one run
  local rc=0
  env $2 OMP_NUM_THREADS=$3 timeout $limit "$1" > /dev/null 2>&1 < /dev/null || rc=$?
  echo $rc
}
classify() { # name: run both builds in every environment and count
  local name=$1 e t c w we bad="" cbad="" again k
  while IFS= read -r e; do
    for t in 1 2 3 4; do
      c=$(status "$tmp/clang" "$e" $t)
      if [ "$c" = 124 ]; then
        # A hang of clang's build is not tried again, nor weft-cc's run.
        cbad="$cbad ${e:+$e }T=$t clang timed out"
        continue
      fi
      w=$(status "$tmp/weft" "$e" $t)
      if [ "$w" = 0 ] && [ $target -eq 1 ] && ! echo "$e" | grep -q OMP_TARGET_OFFLOAD; then
        # The host fallback chosen by libomptarget, then the one asked for.
        e="$e OMP_TARGET_OFFLOAD=disabled"
        w=$(status "$tmp/weft" "$e" $t)
        [ "$w" = 0 ] || w="$w (disabled)"
        e=${e% OMP_TARGET_OFFLOAD=disabled}
      fi
      if [ "$c" != 0 ]; then
        again=0
        for k in 1 2; do
          [ "$(status "$tmp/clang" "$e" $t)" = 0 ] || again=$((again + 1))
        done
        cbad="$cbad ${e:+$e }T=$t clang exit $c (fails ${again} of 2 more), weft-cc exit $w"
        [ $again -eq 0 ] && cbad="$cbad [flaky]"
      elif [ "$w" != 0 ]; then
        again=0 we=$e
        case $w in *disabled*) we="$e OMP_TARGET_OFFLOAD=disabled" ;; esac
        for k in 1 2; do
          [ "$(status "$tmp/weft" "$we" $t)" = 0 ] || again=$((again + 1))
        done
        bad="$bad; ${e:+$e }T=$t exit $w (fails ${again} of 2 more)"
      fi
    done
  done < "$tmp/envs"
  if [ -n "$cbad" ]; then
    if echo "$cbad" | grep -q 'more) \[flaky\]' && ! echo "$cbad" | grep -qE 'more)( [^[]|$)'; then
      nondet=$((nondet + 1))
      echo "$name: clang nondeterministic:$cbad"
    else
      clang_bad=$((clang_bad + 1))
      [ -z "$bad" ] || bad=" (where clang's passed, weft-cc's did not:${bad#;})"
      echo "$name: clang's build fails the test:$cbad$bad"
    fi
  elif [ -n "$bad" ]; then
    fails=$((fails + 1))
    echo "$name: FAILS${bad}"
  else
    pass=$((pass + 1))
    echo "$name: passes"
  fi
}
for src in $(cd "$dir" && find . -name '*.c' -not -path './ompt/*' | sed 's#^\./##' | sort); do
  name=${src%.c}
  src=$dir/$src
  total=$((total + 1))
  runs "$src" > "$tmp/run"
  target=0
  sed -e :a -e '/\\$/N; s/\\\n//; ta' "$src" | grep -qE "$target_re" && target=1
  if grep -q 'libomp-cxx' "$tmp/run" || ! grep -q 'libomp-compile' "$tmp/run"; then
    skipped=$((skipped + 1))
    echo "$name: skipped (not a C test of the runtime)"
    continue
  fi
  if grep -qE '(^|[|&;]\s*)not\s+(env\s+[^%]*)?%libomp-run' "$tmp/run"; then
    skipped=$((skipped + 1))
    echo "$name: skipped (expected to fail)"
    continue
  fi
  # The flags after %libomp-compile(-and-run), up to the next && or |.
  extra=$(grep -m1 -oE '%libomp-compile(-and-run)?[^&|]*' "$tmp/run" | sed -E 's/%libomp-compile(-and-run)?//')
  # One environment per line that runs the test ("" for none).
  grep -E '%libomp-(compile-and-)?run' "$tmp/run" | sed -E 's/.*(&&|;)\s*//' |
    sed -nE 's/^\s*env\s+(.*)%libomp-(compile-and-)?run.*/\1/p; /^\s*%libomp-(compile-and-)?run/s/.*//p' |
    tr -d "'\"" | sort -u > "$tmp/envs"
  [ -s "$tmp/envs" ] || echo "" > "$tmp/envs"
  flags="-O2 -w -fopenmp-version=51 -I $dir -I $(dirname "$src") $extra"
  if ! "$clang" $flags -fopenmp "$src" -lm -lpthread -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -o "$tmp/clang" 2> /dev/null; then
    echo "$name: clang fails"
    continue
  fi
  clang_ok=$((clang_ok + 1))
  if ! "$weftcc" $flags "$src" -lm -lpthread -o "$tmp/weft" 2> "$tmp/err"; then
    refused "$name"
    continue
  fi
  weft_ok=$((weft_ok + 1))
  classify "$name"
done
echo
echo "tests $total, skipped $skipped, clang builds $clang_ok, weft-cc builds $weft_ok, pass $pass, FAIL $fails, clang's build fails $clang_bad, clang nondeterministic $nondet"
echo "weft-cc's refusals (tests, message):"
sort "$tmp/reasons" | uniq -c | sort -rn
