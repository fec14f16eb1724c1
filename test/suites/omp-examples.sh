#!/usr/bin/env bash
# omp-examples.sh DIR: weft-cc on the OpenMP Examples' C sources
# (DIR/*/sources/*.c; github.com/OpenMP/Examples), for docs/measured.md.
# Not run by the test command (the suite is not in the repository).
#
# Each source carries the suite's tags in its header comment: @@operation
# (compile, link, run or view), @@expect (success, ct-error, rt-error,
# unspecified), @@version (omp_X.Y) and @@env. Sources whose operation is
# view or that expect a compile error are skipped; the others are built,
# target, teams and task sources included. A source whose pragmas use
# target (target regions, target data, declare target) runs on the host:
# clang 16 without -fopenmp-targets runs its target regions inline,
# weft-cc's build calls libomptarget, which runs them through its host
# fallback; weft-cc's build is run twice, as is and with
# OMP_TARGET_OFFLOAD=disabled, and both are compared with clang's (a
# DIFFERS line says which; a source whose @@env sets OMP_TARGET_OFFLOAD
# runs with that setting only). omp_5.1 is built with -fopenmp-version=51,
# omp_5.2 and omp_6.0 with 52 (clang 16's newest). An operation "compile" (most are
# fragments without main) is built with -c by clang-16 -fopenmp -O2 and by
# weft-cc -O2 and counts as "compiles"; "link" is built into a program and
# counts as "links"; "run" is built and run at 1, 2, 3 and 4 threads
# (SUITE_TIMEOUT seconds each, 30 unless set; a source whose @@env sets OMP_NUM_THREADS runs with that setting
# only, and the rest of @@env is set for both builds), and compared as
# test/cc/dataracebench.sh compares: "same" (stdout, stderr and exit status
# equal at every count), "same lines, in another order", DIFFERS, or
# clang's output nondeterministic (other sorted lines in three runs), or
# "timed out" where a run of either build did not finish. A DIFFERS is
# checked against the program without its threads (clang -fopenmp-simd,
# linked with libomp, at one thread): where weft-cc's output matches that
# and clang's does not, it is counted apart, as clang's error. A
# source that expects a runtime error or unspecified output is run, but a
# difference is reported as "differs (the suite says ...)" and not counted
# as DIFFERS. Prints one line per source, then the counts and weft-cc's
# refusals by their message (file, line and names left out).
set -uo pipefail
dir=${1:?usage: omp-examples.sh OPENMP-EXAMPLES-DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
limit=${SUITE_TIMEOUT:-30}
tmp=$(mktemp -d)
extra_env=""
trap 'rm -rf "$tmp"' EXIT
target_re='^\s*#\s*pragma\s+omp\b.*\btarget\b'
total=0 skipped=0 clang_ok=0 weft_ok=0 compiles=0 links=0 ran=0
same=0 sorted_same=0 differ=0 nondet=0 unspec=0 timedout=0 clang_wrong=0
: > "$tmp/reasons"
tag() { # file name: the tag's value, spaces trimmed
  grep -m1 -E "@@$2:" "$1" | sed -E "s/.*@@$2:[[:space:]]*//; s/[[:space:]]*$//"
}
once() { # binary threads: its output and exit status
  local rc=0
  if [ -n "$nt" ]; then
    env $envs $extra_env timeout $limit "$1" > "$tmp/out" 2>&1 || rc=$?
  else
    env $envs $extra_env OMP_NUM_THREADS=$2 timeout $limit "$1" > "$tmp/out" 2>&1 || rc=$?
  fi
  cat "$tmp/out"
  echo "exit $rc"
}
refused() { # name: report weft-cc's refusal and keep its messages
  echo "$1: weft-cc fails: $(grep -m1 'error' "$tmp/err")"
  # The message without places and names: paths, line numbers, functions,
  # IR values, and the pipeline hook weft ran in.
  grep -E 'error:' "$tmp/err" | sed -E "s#[^ ]*:[0-9]+:[0-9]+: ##g; s/^weft-cc: //; s/ in function '[^']*'//; s/%[0-9A-Za-z_.]+ = [^!]*(, )?(!dbg ![0-9]+ )?/VALUE /; s/ \\(in weft \\([^)]*\\)\\)\$//" | sort -u >> "$tmp/reasons"
}
serial_says() { # variant: after a DIFFERS, which build the serial program agrees with
  local t w=1 c=1 extra_env=""
  "$clang" $flags -fopenmp-simd "$src" -lm -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -lomp -o "$tmp/serial" 2> /dev/null || return
  once "$tmp/serial" 1 > "$tmp/serial.out"
  for t in $counts; do
    cmp -s "$tmp/serial.out" "$tmp/$1.$t" || w=0
    cmp -s "$tmp/serial.out" "$tmp/clang.$t" || c=0
  done
  if [ $w -eq 1 ] && [ $c -eq 0 ]; then
    echo " (weft-cc's output is the serial program's; clang's is not)"
  elif [ $c -eq 1 ] && [ $w -eq 0 ]; then
    echo " (clang's output is the serial program's; weft-cc's is not)"
  fi
}
compare() { # name expect variants: run both builds and classify
  local name=$1 expect=$2 variants=$3 t ok=1 sorted=1 stable=1 k v which=""
  local note=""
  [ "$variants" = weft ] || note=" (target; also with OMP_TARGET_OFFLOAD=disabled)"
  counts="1 2 3 4"
  [ -n "$nt" ] && counts=1
  for t in $counts; do
    once "$tmp/clang" $t > "$tmp/clang.$t"
    once "$tmp/weft" $t > "$tmp/weft.$t"
    case $variants in
      *weftd*) extra_env=OMP_TARGET_OFFLOAD=disabled once "$tmp/weft" $t > "$tmp/weftd.$t" ;;
    esac
  done
  t=${counts##* }
  for k in 1 2; do
    once "$tmp/clang" $t | sort > "$tmp/again"
    sort "$tmp/clang.$t" | cmp -s - "$tmp/again" || stable=0
  done
  if cat "$tmp"/clang.? "$tmp"/weft*.? "$tmp/again" | grep -qx 'exit 124'; then
    timedout=$((timedout + 1))
    echo "$name: timed out (over $limit s)"
    return
  fi
  if [ $stable -eq 0 ]; then
    nondet=$((nondet + 1))
    echo "$name: built; clang's output is nondeterministic"
    return
  fi
  for v in $variants; do
    for t in $counts; do
      cmp -s "$tmp/clang.$t" "$tmp/$v.$t" || { ok=0; which="$which $v"; }
      cmp -s <(sort "$tmp/clang.$t") <(sort "$tmp/$v.$t") || sorted=0
    done
  done
  which=$(printf '%s\n' $which | sort -u | paste -sd' ' -)
  [ "$variants" = weft ] || case $which in
    weft) note=" (weft-cc's build as is)" ;;
    weftd) note=" (weft-cc's build with OMP_TARGET_OFFLOAD=disabled)" ;;
    "weft weftd") note=" (weft-cc's build, as is and with OMP_TARGET_OFFLOAD=disabled)" ;;
  esac
  if [ $ok -eq 1 ]; then
    same=$((same + 1))
    echo "$name: same$note"
  elif [ $sorted -eq 1 ]; then
    sorted_same=$((sorted_same + 1))
    echo "$name: same lines, in another order$note"
  elif [ "$expect" != success ]; then
    unspec=$((unspec + 1))
    echo "$name: differs (the suite says $expect)$note"
  else
    local says
    says=$(serial_says "$(echo "${which:-weft}" | cut -d' ' -f1)")
    case $says in
      *"weft-cc's output is the serial"*)
        clang_wrong=$((clang_wrong + 1))
        echo "$name: differs$note$says" ;;
      *)
        differ=$((differ + 1))
        echo "$name: DIFFERS$note$says" ;;
    esac
  fi
}
for src in "$dir"/*/sources/*.c; do
  name=$(basename "$src" .c)
  total=$((total + 1))
  op=$(tag "$src" operation)
  expect=$(tag "$src" expect)
  version=$(tag "$src" version)
  if [ "$op" = view ] || [ "$expect" = ct-error ]; then
    skipped=$((skipped + 1))
    echo "$name: skipped (operation $op, expect $expect)"
    continue
  fi
  # Pragmas joined across their backslash-newlines before they are read.
  variants=weft
  sed -e :a -e '/\\$/N; s/\\\n//; ta' "$src" | grep -qE "$target_re" && variants="weft weftd"
  flags="-O2 -w"
  case $version in
    omp_5.1) flags="$flags -fopenmp-version=51" ;;
    omp_5.2 | omp_6.0) flags="$flags -fopenmp-version=52" ;;
  esac
  envs=$(tag "$src" env | tr -d '"')
  nt=$(printf '%s\n' $envs | grep '^OMP_NUM_THREADS=' || true)
  # A source that sets the offload policy itself runs with that one only.
  case $envs in *OMP_TARGET_OFFLOAD=*) variants=weft ;; esac
  out=("-c" "-o" "$tmp/x.o")
  [ "$op" = compile ] || out=("-lm" "-o")
  cl=("${out[@]}") wf=("${out[@]}")
  [ "$op" = compile ] || { cl+=("$tmp/clang"); wf+=("$tmp/weft"); }
  if ! "$clang" $flags -fopenmp "$src" "${cl[@]}" -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" 2> /dev/null; then
    echo "$name: clang fails"
    continue
  fi
  clang_ok=$((clang_ok + 1))
  if ! "$weftcc" $flags "$src" "${wf[@]}" 2> "$tmp/err"; then
    refused "$name"
    continue
  fi
  weft_ok=$((weft_ok + 1))
  case $op in
    compile)
      compiles=$((compiles + 1))
      echo "$name: compiles"
      ;;
    link)
      links=$((links + 1))
      echo "$name: links"
      ;;
    *)
      ran=$((ran + 1))
      compare "$name" "$expect" "$variants"
      ;;
  esac
done
echo
echo "sources $total, skipped $skipped, clang builds $clang_ok, weft-cc builds $weft_ok (compiles $compiles, links $links, runs $ran), same $same, same lines in another order $sorted_same, differ $differ, differ where clang's is not the serial output $clang_wrong, differ where the suite allows it $unspec, clang nondeterministic $nondet, timed out $timedout"
echo "weft-cc's refusals (sources, message):"
sort "$tmp/reasons" | uniq -c | sort -rn
