#!/usr/bin/env bash
# Runs every test: Rust unit tests, then the lit suite (FileCheck shape tests,
# error tests and executed programs) against target/release/libweft.so.
set -euo pipefail
cd "$(dirname "$0")/.."
export LLVM_SYS_160_PREFIX="${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}"
# Test binaries link libLLVM-16 from LLVM's own lib folder.
export LD_LIBRARY_PATH="$LLVM_SYS_160_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Install whatever is missing (a no-op when everything is there).
bash scripts/setup.sh --deps
LIT=.venv/bin/lit

echo "== cargo build --release"
cargo build --release --workspace
echo "== cargo test"
cargo test --release --workspace
echo "== structured fuzzer, bounded run (1500 mutants through five configurations)"
bash test/fuzz/build-fuzzd.sh
python3 test/fuzz/fuzz.py --seed 1 --count 1500 --driver target/fuzzd
echo "== executed differential test of threaded code generation (24 random programs)"
python3 test/run/difftest.py --seed 1 --count 24
echo "== executed differential test of weft-cc on random C programs (10 programs)"
python3 test/cc/difftest.py --seed 1 --count 10
echo "== executed differential test of weft's simd vectorizer (30 random C programs, 2 inputs each, both forms)"
python3 test/vplan/simdtest.py --seed 1 --count 30 --inputs 2
echo "== lit"
"$LIT" -sv --order=lexical test
