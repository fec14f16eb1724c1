#!/usr/bin/env bash
# Checks that target/fuzzd behaves like the real tools on weft's seed inputs.
#
# For every seed (the files of test/errors/malformed.test, test/wregion/*.ll,
# test/pipeline/*.ll and Inputs/, test/genx/*.ll, test/examples/parallel-sum.ll)
# and every configuration (print, weft, O2, clang-O0, clang-O2) it runs the
# real opt/clang command and the same job through fuzzd, and compares
#   - the outcome class: ok, error, invalid (parse error / broken input),
#     crash, timeout (a clang config that fuzzd calls invalid matches whatever
#     real clang did when `opt -passes=verify` rejects the input: clang does
#     not verify its input, fuzzd verifies it for every config);
#   - the set of `error: weft:` lines on stderr (warnings are ignored: real
#     clang warns about overriding a missing target triple);
#   - for weft and O2 when both succeed, the IR written with -S -o.
# Prints each mismatch and exits 1 if there is any, 0 otherwise.
#
# Usage: test/fuzz/check-fuzzd.sh [-v] [seed.ll ...]   (-v: print every job)
# Environment: PLUGIN (default target/release/libweft.so), LLVM_BIN
# (default /usr/lib/llvm-16/bin), KEEP=1 to keep the work directory.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${LLVM_BIN:-/usr/lib/llvm-16/bin}
plugin=${PLUGIN:-$root/target/release/libweft.so}
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi

"$root/test/fuzz/build-fuzzd.sh" || { echo "check-fuzzd: building fuzzd failed" >&2; exit 2; }

work=$(mktemp -d /tmp/check-fuzzd.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi

if [ $# -gt 0 ]; then
    seeds=("$@")
else
    mkdir -p "$work/malformed"
    "$bin/split-file" "$root/test/errors/malformed.test" "$work/malformed" || exit 2
    seeds=("$work"/malformed/*.ll "$root"/test/wregion/*.ll "$root"/test/pipeline/*.ll
           "$root"/test/pipeline/Inputs/*.ll "$root"/test/genx/*.ll "$root/test/examples/parallel-sum.ll")
fi
configs=(print weft O2 clang-O0 clang-O2)

# Outcome class of a real run: rc, stderr file.
real_class() {
    local rc=$1 err=$2
    if [ "$rc" = 124 ]; then echo timeout
    elif grep -q 'input module is broken' "$err" || grep -qE '^([^ ]+: )?[^ ]+:[0-9]+:[0-9]+: error:' "$err"; then echo invalid
    elif grep -qE 'PLEASE submit a bug report|clang frontend command failed|Stack dump:' "$err" || [ "$rc" -ge 128 ]; then echo crash
    elif [ "$rc" = 0 ]; then echo ok
    else echo error
    fi
}

# Outcome class of a fuzzd reply line.
fuzzd_class() {
    case "$1" in
        timeout) echo timeout ;;
        "signal "*) echo crash ;;
        "exit 0") echo ok ;;
        "exit 3") echo invalid ;;
        "exit 70") echo crash ;; # clang -cc1's report_fatal_error status
        "exit "*) echo error ;;
        *) echo "bad-reply($1)" ;;
    esac
}

# 1. All jobs through one fuzzd.
n=0
: > "$work/jobs"
for f in "${seeds[@]}"; do
    for c in "${configs[@]}"; do
        out=-
        case $c in weft|O2) out="$work/f.$n.ll" ;; esac
        echo "$c $f $work/f.$n.err $out" >> "$work/jobs"
        n=$((n + 1))
    done
done
"$root/target/fuzzd" "$plugin" < "$work/jobs" > "$work/replies"
if [ "$(wc -l < "$work/replies")" -ne "$n" ]; then
    echo "check-fuzzd: fuzzd answered $(wc -l < "$work/replies") of $n jobs" >&2
    exit 1
fi

# 2. The real tools, one at a time, and the comparison.
mismatches=0
i=0
while read -r -u 3 c f err out; do
    reply=$(sed -n "$((i + 1))p" "$work/replies")
    rerr="$work/r.$i.err"
    rout="$work/r.$i.ll"
    case $c in
        print)    timeout 20 "$bin/opt" -load-pass-plugin="$plugin" -passes='print<wregions>' -disable-output "$f" 2> "$rerr" ;;
        weft)     timeout 20 "$bin/opt" -load-pass-plugin="$plugin" -passes=weft -verify-each -S -o "$rout" "$f" 2> "$rerr" ;;
        O2)       timeout 20 "$bin/opt" -load-pass-plugin="$plugin" -passes='default<O2>' -S -o "$rout" "$f" 2> "$rerr" ;;
        clang-O0) timeout 20 "$bin/clang" -O0 -fpass-plugin="$plugin" -c "$f" -o /dev/null 2> "$rerr" ;;
        clang-O2) timeout 20 "$bin/clang" -O2 -fpass-plugin="$plugin" -c "$f" -o /dev/null 2> "$rerr" ;;
    esac
    rc=$?
    rcls=$(real_class "$rc" "$rerr")
    fcls=$(fuzzd_class "$reply")
    what="$c ${f#"$root/"}"
    what=${what/"$work/"/}
    bad=""
    # clang does not verify its input (-disable-llvm-verifier); fuzzd does for
    # every config and answers exit 3, so the fuzzer can skip such mutants.
    if [ "$fcls" = invalid ] && [ "$rcls" != invalid ] && [ "${c#clang}" != "$c" ] &&
       ! "$bin/opt" -passes=verify -disable-output "$f" 2> /dev/null; then
        rcls="invalid"
    fi
    if [ "$rcls" != "$fcls" ]; then
        bad="class: real $rcls (rc $rc), fuzzd $fcls ($reply)"
    elif ! diff <(grep '^error: weft:' "$rerr" | sort -u) <(grep '^error: weft:' "$err" | sort -u) > "$work/d.$i"; then
        bad="error: weft: lines differ (< real, > fuzzd):
$(cat "$work/d.$i")"
    elif [ "$rcls" = ok ] && [ "$out" != - ] && ! cmp -s "$rout" "$out"; then
        bad="IR output differs: diff $rout $out"
    fi
    if [ -n "$bad" ]; then
        mismatches=$((mismatches + 1))
        echo "MISMATCH $what: $bad"
    elif [ $verbose = 1 ]; then
        echo "ok $what: $rcls, $(grep -c '^error: weft:' "$rerr") weft errors"
    fi
    i=$((i + 1))
done 3< "$work/jobs"

echo "check-fuzzd: $n jobs (${#seeds[@]} seeds x ${#configs[@]} configs), $mismatches mismatches"
[ $mismatches = 0 ]
