#!/usr/bin/env bash
# Scaling check for weft's passes (not part of the lit suite: it takes minutes).
#
#   test/scale/run.sh [SHAPE...]   SHAPE: flat module modulek unnamed nested blocks deep
#
# For each shape, form (paper, region) and two sizes 10x apart it measures the
# CPU time (user+system; wall time is at the mercy of whatever else runs on
# the machine) that LLVM's -time-passes reports for weft's own passes (the
# plugin's passes are listed as `{anonymous}::Pass<ModuleIR>`; all such lines
# are summed; parsing and opt's verifier are not counted):
#   prep+print: opt -passes='weft-prepare,print<wregions>' (graph to /dev/null)
#   weft:       opt -passes=weft (prepare, paropt: plan, outline, lower,
#               vectorize, genx-legalize, cleanup)
# Best of RUNS (default 3) runs; a measurement whose first run exceeds 20 s is
# taken once. Each opt run is killed after TIMEOUT s (default 150). SIZES="A B"
# overrides the sizes (for a quick try). Generated inputs are cached in WORK.
# Verdict: PASS when time(big)/time(small) <= 11 (linear: 10 times the input in at most 11 times the time);
# for `nested` the bound is 110 (see below). "crash" lists any run that died by
# a signal, overflowed a stack, hit an internal error, exited non-zero, or
# timed out.
#
# Shapes (test/scale/gen.py):
#   flat     one function, N sibling regions (5 blocks each), N = 1,000 / 10,000
#   module   N functions with one region each,                N = 10,000 / 100,000
#   modulek  N regions in N/10 functions (10 per function),   N = 10,000 / 100,000
#   unnamed  `module` run through `opt -passes=strip` (no local value or block
#            names, as clang emits by default), N = 10,000 / 100,000 (before
#            bd50bc7 every function's scan renumbered the whole module:
#            quadratic in the number of functions)
#   nested   one function, regions nested D deep, D = 100 / 1,000. Region i
#            (from the outside) spans ~4(D-i) blocks, so the block lists of all
#            regions (which the W-Region graph stores) and the indented print
#            are Theta(D^2): 10x D is expected to cost ~100x; bound 110x.
#   blocks   one function, one region of B blocks,           B = 10,000 / 100,000
#   deep     (not run by default) D regions nested in one block, D = 100 / 1,000:
#            no CFG work, a stack-depth check; the print is Theta(D^2) too.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PLUGIN=${WEFT_PLUGIN:-$root/target/release/libweft.so}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-16/bin}
OPT=$LLVM_BIN/opt
RUNS=${RUNS:-3}
TIMEOUT=${TIMEOUT:-150}
WORK=${WORK:-${TMPDIR:-/tmp}/weft-scale}
mkdir -p "$WORK"

shapes=("$@")
[ ${#shapes[@]} -eq 0 ] && shapes=(flat module modulek unnamed nested blocks)

fmin() { python3 -c "import sys; print(f'{min(map(float, sys.argv[1:])):.4f}')" "$@"; }

# crash_of RC STDERR_FILE: empty when the run ended normally (rc 0).
crash_of() {
    local rc=$1 err=$2
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then echo "timeout>${TIMEOUT}s"; return; fi
    if grep -q "overflowed its stack" "$err"; then echo "stack-overflow"; return; fi
    if grep -q "rule: internal" "$err"; then echo "internal-error"; return; fi
    if [ "$rc" -ge 128 ]; then echo "signal$((rc - 128))"; return; fi
    if grep -q "PLEASE submit a bug report" "$err"; then echo "llvm-crash"; return; fi
    if [ "$rc" -ne 0 ]; then echo "rc=$rc:$(grep -o -m1 'rule: [a-z-]*' "$err" | cut -c7-)"; return; fi
}

# gen SHAPE FORM SIZE -> path of the generated module (cached in $WORK)
gen() {
    local shape=$1 form=$2 n=$3 f="$WORK/$1-$2-$3.ll"
    if [ ! -s "$f" ]; then
        case $shape in
            flat | module | nested | blocks | deep) python3 "$here/gen.py" --form "$form" -o "$f" "$shape" "$n" ;;
            modulek) python3 "$here/gen.py" --form "$form" -o "$f" module "$n" $((n / 10)) ;;
            unnamed) python3 "$here/gen.py" --form "$form" module "$n" | "$OPT" -passes=strip -S -o "$f" ;;
        esac
    fi
    echo "$f"
}

# Crash notes go to a file: the measuring function runs in a $(...) subshell.
note_crash() { echo "$1" >>"$WORK/crash.txt"; }

# weft_time PASSES FILE -> best CPU seconds of weft's passes (from -time-passes), or "-"
weft_time() {
    local passes=$1 f=$2 best=() i t rc c
    for ((i = 0; i < RUNS; i++)); do
        rm -f "$WORK/tp.txt"
        timeout "$TIMEOUT" "$OPT" -load-pass-plugin="$PLUGIN" -passes="$passes" \
            -disable-output -time-passes -info-output-file="$WORK/tp.txt" "$f" >/dev/null 2>"$WORK/err.txt"
        rc=$?
        c=$(crash_of $rc "$WORK/err.txt")
        if [ -n "$c" ]; then note_crash "$passes:$c"; echo "-"; return; fi
        # Columns are (seconds, percent) pairs: User [System User+System] Wall.
        # The pair before Wall is User+System (or User when no system time).
        t=$(grep "Pass<ModuleIR>" "$WORK/tp.txt" | while read -r l; do
            echo "$l" | grep -oE '[0-9]+\.[0-9]+' | tail -4 | head -1
        done | python3 -c "import sys; print(sum(float(x) for x in sys.stdin.read().split()))")
        best+=("$t")
        python3 -c "import sys; sys.exit(float(sys.argv[1]) <= 20)" "$t" || break
    done
    fmin "${best[@]}"
}

ratio() {
    python3 -c "
import sys
a, b, lim = sys.argv[1:4]
if '-' in (a, b): print('   n/a'); sys.exit()
r = float(b) / max(float(a), 1e-4)
print(f'{r:6.1f}x', 'PASS' if r <= float(lim) else 'FAIL')" "$1" "$2" "$3"
}

sizes_of() {
    if [ -n "${SIZES:-}" ]; then echo "$SIZES"; return; fi
    case $1 in
        flat) echo "1000 10000" ;;
        nested | deep) echo "100 1000" ;;
        module | modulek | unnamed) echo "10000 100000" ;;
        blocks) echo "10000 100000" ;;
    esac
}

echo "plugin: $PLUGIN ($(stat -c %y "$PLUGIN" | cut -d. -f1)); best of $RUNS; CPU seconds of weft's passes (-time-passes user+system)"
printf '%-8s %-6s %6s %6s | %-17s %-12s | %-17s %-12s | %s\n' \
    shape form small big "prep+print s/b" "ratio" "weft s/b" "ratio" "crash"
for shape in "${shapes[@]}"; do
    bound=11
    case $shape in nested | deep) bound=110 ;; esac
    read -r small big <<<"$(sizes_of "$shape")"
    for form in paper region; do
        rm -f "$WORK/crash.txt"
        declare -A pp=() wt=()
        for n in $small $big; do
            f=$(gen "$shape" "$form" "$n")
            pp[$n]=$(weft_time 'weft-prepare,print<wregions>' "$f")
            wt[$n]=$(weft_time weft "$f")
        done
        printf '%-8s %-6s %6s %6s | %8s %8s %-12s | %8s %8s %-12s | %s\n' "$shape" "$form" "$small" "$big" \
            "${pp[$small]}" "${pp[$big]}" "$(ratio "${pp[$small]}" "${pp[$big]}" $bound)" \
            "${wt[$small]}" "${wt[$big]}" "$(ratio "${wt[$small]}" "${wt[$big]}" $bound)" \
            "$(if [ -s "$WORK/crash.txt" ]; then sort -u "$WORK/crash.txt" | paste -sd' '; else echo none; fi)"
        unset pp wt
    done
done
echo "plugin at the end: $(stat -c %y "$PLUGIN" | cut -d. -f1) (a different time means it was rebuilt during the run)"
