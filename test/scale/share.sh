#!/usr/bin/env bash
# weft's share of clang -O2 compile time on a large module (not part of the
# lit suite: it takes minutes).
#
#   test/scale/share.sh [N...]     N: functions in the module (default 2000 5000)
#
# The module is `gen.py bigmod N`: N functions, each a two-deep loop nest
# with arithmetic over two arrays inside one PARALLEL region, calling its
# predecessor in chains of 4. Variants: `named` (as generated), `unnamed`
# (run through `opt -passes=strip`: no local value or block names, which is
# what clang's front end emits by default) and `nodir` (the same code without
# any directive).
# For each N it reports, in CPU seconds (user+system; best of RUNS, default 1):
#   total      the whole `clang-16 -O2 -c -fpass-plugin=weft` process (/usr/bin/time)
#   weft       weft's passes in it (-ftime-report: `{anonymous}::Pass<ModuleIR>`,
#              all of weft's hook passes summed)
#   share      weft / total
#   nodir      total for the directive-free module without the plugin, and with
#              it (weft then only marks declarations and checks for work)
#   opt O2     `opt -passes='default<O2>' -time-passes` on the named module with
#              the plugin: weft's passes / all passes (no code generation)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PLUGIN=${WEFT_PLUGIN:-$root/target/release/libweft.so}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-16/bin}
CLANG=$LLVM_BIN/clang
OPT=$LLVM_BIN/opt
RUNS=${RUNS:-1}
WORK=${WORK:-${TMPDIR:-/tmp}/weft-scale}
mkdir -p "$WORK"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(2000 5000)

# Sum of the CPU (user+system) column of weft's lines in a timing report.
weft_cpu() {
    grep "Pass<ModuleIR>" "$1" | while read -r l; do
        echo "$l" | grep -oE '[0-9]+\.[0-9]+' | tail -4 | head -1
    done | python3 -c "import sys; print(f'{sum(float(x) for x in sys.stdin.read().split()):.3f}')"
}
# Total CPU of the pass execution report (its `Total` line).
passes_cpu() {
    awk '/Pass execution timing report/{p=1} p && /  Total$/{print; exit}' "$1" |
        grep -oE '[0-9]+\.[0-9]+' | tail -4 | head -1
}
best() { python3 -c "import sys; print(f'{min(map(float, sys.argv[1:])):.3f}')" "$@"; }

# clang_cpu FILE [clang flags...] -> "total_cpu weft_cpu" (best total of RUNS); rc != 0 reported
clang_cpu() {
    local f=$1 i totals=() wefts=() rc
    shift
    for ((i = 0; i < RUNS; i++)); do
        /usr/bin/time -f "%U %S" -o "$WORK/time.txt" "$CLANG" -O2 -c -Wno-override-module "$@" -ftime-report \
            "$f" -o "$WORK/out.o" 2>"$WORK/report.txt"
        rc=$?
        if [ $rc -ne 0 ]; then echo "rc=$rc $(grep -m1 error "$WORK/report.txt")"; return; fi
        totals+=("$(awk '{print $1 + $2}' "$WORK/time.txt")")
        wefts+=("$(weft_cpu "$WORK/report.txt")")
    done
    echo "$(best "${totals[@]}") $(best "${wefts[@]}")"
}

pct() { python3 -c "import sys; print(f'{100 * float(sys.argv[1]) / float(sys.argv[2]):.1f}%')" "$1" "$2"; }

echo "plugin: $PLUGIN ($(stat -c %y "$PLUGIN" | cut -d. -f1)); CPU seconds, best of $RUNS"
printf '%-7s %-8s | %8s %8s %7s\n' N variant total weft share
for n in "${sizes[@]}"; do
    named="$WORK/bigmod-$n.ll" unnamed="$WORK/bigmod-$n-unnamed.ll" nodir="$WORK/bigmod-$n-nodir.ll"
    [ -s "$named" ] || python3 "$here/gen.py" -o "$named" bigmod "$n"
    [ -s "$unnamed" ] || "$OPT" -passes=strip -S "$named" -o "$unnamed"
    [ -s "$nodir" ] || python3 "$here/gen.py" --no-directives -o "$nodir" bigmod "$n"
    for v in named unnamed; do
        read -r total weft <<<"$(clang_cpu "${!v}" -fpass-plugin="$PLUGIN")"
        case $total in rc=*) printf '%-7s %-8s | %s %s\n' "$n" "$v" "$total" "$weft"; continue ;; esac
        printf '%-7s %-8s | %8s %8s %7s\n' "$n" "$v" "$total" "$weft" "$(pct "$weft" "$total")"
    done
    read -r plain _ <<<"$(clang_cpu "$nodir")"
    read -r withp wn <<<"$(clang_cpu "$nodir" -fpass-plugin="$PLUGIN")"
    printf '%-7s %-8s | %8s %8s %7s   (without the plugin: %s)\n' "$n" nodir "$withp" "$wn" "$(pct "$wn" "$withp")" "$plain"
    rm -f "$WORK/opt-report.txt"
    "$OPT" -load-pass-plugin="$PLUGIN" -passes='default<O2>' -disable-output -time-passes \
        -info-output-file="$WORK/opt-report.txt" "$named" 2>/dev/null
    ow=$(weft_cpu "$WORK/opt-report.txt") ot=$(passes_cpu "$WORK/opt-report.txt")
    printf '%-7s %-8s | %8s %8s %7s   (opt default<O2>: all passes vs weft)\n' "$n" "opt O2" "$ot" "$ow" "$(pct "$ow" "$ot")"
done
