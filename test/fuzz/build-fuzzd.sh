#!/bin/sh
# Builds test/fuzz/fuzzd.cc into target/fuzzd against LLVM 16 (shared
# libLLVM-16), only when the source (or this script) is newer than the binary.
# Usage: test/fuzz/build-fuzzd.sh [-f]   (-f: rebuild anyway)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src="$here/fuzzd.cc"
out="$root/target/fuzzd"
llvm_config=${LLVM_CONFIG:-/usr/lib/llvm-16/bin/llvm-config}
if [ "${1:-}" != "-f" ] && [ -x "$out" ] && [ ! "$src" -nt "$out" ] && [ ! "$0" -nt "$out" ]; then
    exit 0
fi
if command -v clang++-16 >/dev/null 2>&1; then cxx=clang++-16
elif [ -x /usr/lib/llvm-16/bin/clang++ ]; then cxx=/usr/lib/llvm-16/bin/clang++
else cxx=${CXX:-g++}
fi
mkdir -p "$root/target"
libdir=$("$llvm_config" --libdir)
# shellcheck disable=SC2046
$cxx -O2 -g0 $("$llvm_config" --cxxflags) -o "$out.tmp" "$src" \
    $("$llvm_config" --ldflags) -lLLVM-16 -Wl,-rpath,"$libdir"
mv -f "$out.tmp" "$out"
echo "built $out"
