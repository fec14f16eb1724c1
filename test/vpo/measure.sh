#!/usr/bin/env bash
# measure.sh [-v] FILE_OR_DIR...: runs weft over directive IR written by
# Intel's compiler (the public VPO lit tests, see test/vpo/README.md) and
# classifies each .ll file:
#
#   unparsed       LLVM 16 parses it neither with opaque pointers nor with
#                  -opaque-pointers=0 (IR of a later LLVM, Intel-only syntax)
#   no-directives  parses, has no directive intrinsic call: weft leaves it
#   lowered        `-passes=weft` exits 0 and, rerun with -verify-each, its
#                  output has no llvm.directive call left
#   left           exits 0 but a directive call is left (a weft bug)
#   nys            refused with `not yet supported: ...` (the construct or
#                  clause named is recorded)
#   error          refused with another rule ([rule: X] and the message)
#   crash          "PLEASE submit a bug report", "panicked", "Stack dump",
#                  a signal, an internal error, or a timeout (a weft bug)
#
# Prints one tab-separated line a file (file, pointer form, class, detail)
# to stdout (-v also prints each file's first diagnostic to stderr), then
# the table of figures. OPT (default opt-16), PLUGIN (default
# target/release/libweft.so) and TIMEOUT (seconds a run, default 60) may be
# set. Exits 0: this is a measurement, not a test.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
opt=${OPT:-opt-16}
plugin=${PLUGIN:-$root/target/release/libweft.so}
limit=${TIMEOUT:-60}
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
if [ $# -eq 0 ]; then
  echo "usage: test/vpo/measure.sh [-v] FILE_OR_DIR... (see test/vpo/README.md)" >&2
  exit 2
fi
[ -f "$plugin" ] || { echo "measure.sh: no plugin at $plugin (cargo build --release)" >&2; exit 2; }

files=()
for a in "$@"; do
  if [ -d "$a" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$a" -name '*.ll' | sort)
  else
    files+=("$a")
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results.tsv
: >"$results"

# crashed STDERR RC: whether a run crashed (or hung).
crashed() {
  [ "$2" -eq 124 ] || [ "$2" -ge 128 ] && return 0
  grep -Eq 'PLEASE submit a bug report|panicked|Stack dump|\[rule: internal\]' "$1"
}

# detail STDERR: the first weft diagnostic, shortened to what names the
# construct or rule.
first_error() {
  grep -m1 -E '^(.*error: )' "$1" | sed -E 's/^.*error: (weft: )?//' | cut -c1-300
}

for f in "${files[@]}"; do
  name=${f#"$PWD"/}
  flags=""
  dt=""
  # icx's module header `target device_triples = "..."` (the offload
  # targets) is an Intel extension LLVM 16 rejects; the rest of such a
  # file is measured with that one line removed (form `+nodt`).
  if grep -q '^target device_triples' "$f" && ! "$opt" -disable-output "$f" 2>/dev/null; then
    grep -v '^target device_triples' "$f" >"$work/nodt.ll"
    f=$work/nodt.ll
    dt="+nodt"
  fi
  # LLVM 16 reads typed-pointer IR (`i32*`) by itself when the first
  # pointer type it meets is typed; -opaque-pointers=0 is needed when the
  # file mixes in `ptr` first. The form column says which was needed and
  # what the IR is: opaque, typed (read as it is), typed-flag (needed it).
  typed_ir=0
  grep -Eq '(i[0-9]+|%[A-Za-z0-9_.$"]+|[]})>]|float|double|void \(.*\)) ?\*[ ,)]' "$f" && typed_ir=1
  if "$opt" -disable-output "$f" 2>/dev/null; then
    form=opaque
    [ $typed_ir = 1 ] && form=typed
  elif "$opt" -opaque-pointers=0 -disable-output "$f" 2>/dev/null; then
    form=typed-flag
    flags="-opaque-pointers=0"
  else
    why=$("$opt" -disable-output "$f" 2>&1 | head -1 | sed -E 's/^.*:[0-9]+:[0-9]+: //; s/^[^ ]*opt[^ ]*: //' | cut -c1-120)
    printf '%s\t-%s\tunparsed\t%s\n' "$name" "$dt" "$why" >>"$results"
    continue
  fi
  form=$form$dt
  # shellcheck disable=SC2086
  "$opt" $flags -S "$f" -o "$work/in.ll" 2>/dev/null
  if ! grep -Eq 'call [^@]*@llvm\.(intel\.)?directive' "$work/in.ll"; then
    printf '%s\t%s\tno-directives\t\n' "$name" "$form" >>"$results"
    continue
  fi
  err=$work/err
  # shellcheck disable=SC2086
  timeout "$limit" "$opt" $flags -load-pass-plugin "$plugin" -passes=weft -disable-output "$f" 2>"$err"
  rc=$?
  [ $verbose = 1 ] && { echo "== $name ($form, rc $rc)"; head -3 "$err"; } >&2
  if crashed "$err" "$rc"; then
    what=$(grep -m1 -E 'panicked|PLEASE submit|Assertion|\[rule: internal\]|LLVM ERROR' "$err" | cut -c1-200)
    [ "$rc" -eq 124 ] && what="timeout after ${limit}s"
    printf '%s\t%s\tcrash\trc %s: %s\n' "$name" "$form" "$rc" "$what" >>"$results"
  elif [ "$rc" -eq 0 ]; then
    # shellcheck disable=SC2086
    timeout "$limit" "$opt" $flags -load-pass-plugin "$plugin" -passes=weft -verify-each -S "$f" -o "$work/out.ll" 2>"$err"
    vrc=$?
    left=$(grep -Ec 'call [^@]*@llvm\.(intel\.)?directive' "$work/out.ll")
    if crashed "$err" "$vrc" || [ "$vrc" -ne 0 ]; then
      printf '%s\t%s\tcrash\t-verify-each: rc %s: %s\n' "$name" "$form" "$vrc" "$(first_error "$err")" >>"$results"
    elif [ "$left" -ne 0 ]; then
      printf '%s\t%s\tleft\t%s directive calls left\n' "$name" "$form" "$left" >>"$results"
    else
      printf '%s\t%s\tlowered\t\n' "$name" "$form" >>"$results"
    fi
  else
    msg=$(first_error "$err")
    if grep -q 'not yet supported' "$err"; then
      what=$(grep -m1 -o 'not yet supported: [^[]*' "$err" | sed -E 's/^not yet supported: //; s/ *$//' | cut -c1-120)
      printf '%s\t%s\tnys\t%s\n' "$name" "$form" "$what" >>"$results"
    else
      rule=$(grep -m1 -o '\[rule: [a-z-]*\]' "$err" | sed -E 's/\[rule: (.*)\]/\1/')
      printf '%s\t%s\terror\t%s: %s\n' "$name" "$form" "${rule:-no-rule}" "$msg" >>"$results"
    fi
  fi
done

cat "$results"
echo
total=${#files[@]}
count() { awk -F'\t' -v c="$1" '$3 == c' "$results" | wc -l; }
typed=$(awk -F'\t' '$2 ~ /^typed($|[+])/' "$results" | wc -l)
flagged=$(awk -F'\t' '$2 ~ /^typed-flag/' "$results" | wc -l)
opaque=$(awk -F'\t' '$2 ~ /^opaque/' "$results" | wc -l)
nodt=$(awk -F'\t' '$2 ~ /[+]nodt$/' "$results" | wc -l)
echo "| figure | files |"
echo "|---|---|"
echo "| files | $total |"
echo "| parsed by LLVM 16 | $((opaque + typed + flagged)) ($opaque opaque pointers; $typed typed pointers read as they are, $flagged needing -opaque-pointers=0) |"
echo "| of which parsed only without the \`target device_triples\` line | $nodt |"
echo "| not parsed by LLVM 16 | $(count unparsed) |"
echo "| no directive intrinsics | $(count no-directives) |"
echo "| lowered (no directive left, -verify-each clean) | $(count lowered) |"
echo "| exit 0 with a directive left | $(count left) |"
echo "| refused: not yet supported | $(count nys) |"
echo "| refused: another rule | $(count error) |"
echo "| crashes | $(count crash) |"
echo
echo "not yet supported, by what is named:"
awk -F'\t' '$3 == "nys" { print $4 }' "$results" | sed -E 's/ (in|on) function.*//' | sort | uniq -c | sort -rn
echo
echo "other errors, by rule:"
awk -F'\t' '$3 == "error" { split($4, a, ":"); print a[1] }' "$results" | sort | uniq -c | sort -rn
exit 0
