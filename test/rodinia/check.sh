#!/usr/bin/env bash
# check.sh RODINIA_DIR: the OpenMP C programs of the Rodinia suite through
# weft-cc (README.md here). Each is built three ways from a copy of its
# sources: serially at -O0 and -O2 (clang -fopenmp-simd: the pragmas other
# than simd ignored, the OpenMP library still linked), by clang-16 -fopenmp
# -O2, and by weft-cc at -O0 and -O2; each parallel build runs at 1, 2 and
# 4 threads, and its output (less timing lines) must equal the serial
# program's at its -O level. Prints one line per program and build; exits non-zero if any
# build fails or differs.
set -uo pipefail
src=${1:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
if [ -z "$src" ] || [ ! -d "$src/openmp" ]; then
  echo "usage: $0 RODINIA_DIR (a checkout with openmp/; see test/rodinia/README.md); nothing to check"
  exit 0
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cp -r "$src/openmp" "$tmp/"
cd "$tmp/openmp"
lib=$llvm/lib
status=0
timing='took|time|seconds|threads running|num of threads|cores = |[0-9] s(,|$)'

# Inputs the suite reads from files it does not ship in the repository,
# made here with fixed seeds.
python3 - "$tmp" <<'PY'
import random, sys
t = sys.argv[1]
random.seed(3)
with open(t + "/kmeans.in", "w") as f:
    for i in range(20000):
        c = random.randrange(5)
        f.write(str(i) + " " + " ".join("%.3f" % (c * 10 + random.gauss(0, 2)) for _ in range(12)) + "\n")
random.seed(5)
n = 64 * 64 * 8
open(t + "/power", "w").write("".join("%.6f\n" % random.uniform(0, 0.01) for _ in range(n)))
open(t + "/temp", "w").write("".join("%.6f\n" % random.uniform(320, 340) for _ in range(n)))
PY

# Make the programs deterministic and make them print what they compute.
sed -i 's/srand(time(NULL));/srand(7);/' lavaMD/main.c
sed -i 's/seed\[i\] = time(0)\*i;/seed[i] = 12345*i;/' particlefilter/ex_particle_OPENMP_seq.c
python3 - <<'PY'
p = "backprop/backprop_kernel.c"
s = open(p).read()
anchor = "  bpnn_adjust_weights(net->hidden_delta, hid, net->input_units, in, net->input_weights, net->input_prev_weights);\n"
s = s.replace(anchor, anchor + """  { double s = 0, h = 0; int i, j;
    for (i = 0; i <= in; i++) for (j = 0; j <= hid; j++) s += net->input_weights[i][j] * (1 + (i + j) % 7);
    for (i = 0; i <= hid; i++) for (j = 0; j <= out; j++) h += net->hidden_weights[i][j];
    printf("check %.6f %.6f %.9g %.9g\\n", out_err, hid_err, s, h); }
""")
open(p, "w").write(s)
p = "kmeans/kmeans_openmp/kmeans.c"
s = open(p).read()
s = s.replace('  /*  \tprintf("Cluster Centers Output\\n"); ',
              '    for (i = 0; i < nclusters; i++) { printf("%d: ", i); for (j = 0; j < numAttributes; j++) '
              'printf("%.2f ", cluster_centres[i][j]); printf("\\n"); }\n  /*  \tprintf("Cluster Centers Output\\n"); ')
open(p, "w").write(s)
PY

# run NAME DIR "SOURCES" "FLAGS" "ARGS" [RESULT_FILE]: ARGS may use @T for
# the thread count (programs that set it themselves).
run() {
  local name=$1 dir=$2 srcs=$3 flags=$4 args=$5 result=${6:-}
  local out=$tmp/out/$name
  mkdir -p "$out"
  cd "$tmp/openmp/$dir"
  local common="-w -Wno-error=implicit-function-declaration -Wno-error=implicit-int -Wno-error=int-conversion $flags"
  local b
  for b in O0 O2; do
    if ! "$llvm/bin/clang" -$b $common -fopenmp-simd $srcs -lm -L"$lib" -Wl,-rpath,"$lib" -lomp -o "$out/serial-$b" 2> "$out/err"; then
      echo "$name: the serial build fails"; status=1; return
    fi
  done
  "$llvm/bin/clang" -O2 $common -fopenmp $srcs -lm -L"$lib" -Wl,-rpath,"$lib" -o "$out/clang-O2" 2>> "$out/err"
  for b in O0 O2; do
    "$weftcc" -$b $common $srcs -lm -o "$out/weft-$b" 2>> "$out/err" || { echo "$name weft-cc -$b: build failed"; grep error "$out/err" | head -3; status=1; }
  done
  go() { # BUILD THREADS
    rm -f "$result"
    OMP_NUM_THREADS=$2 timeout 300 "$out/$1" ${args//@T/$2} > "$out/$1.$2" 2>&1 || echo "exit $?" >> "$out/$1.$2"
    [ -n "$result" ] && cat "$result" >> "$out/$1.$2"
    grep -v -i -E "$timing" "$out/$1.$2"
  }
  # (Against the serial build at the same -O level: a program's floating
  # point may differ between -O0 and -O2 by itself.)
  go serial-O0 1 > "$out/expected-O0"
  go serial-O2 1 > "$out/expected-O2"
  local t line
  for b in clang-O2 weft-O0 weft-O2; do
    [ -x "$out/$b" ] || continue
    line="$name $b:"
    for t in 1 2 4; do
      if go $b $t | diff -q "$out/expected-${b#*-}" - > /dev/null; then line="$line $t ok"; else
        line="$line $t DIFFERS"; [ "$b" = clang-O2 ] || status=1
      fi
    done
    echo "$line"
  done
}

run lud lud/omp "lud.c lud_omp.c ../common/common.c" "-I../common" "-s 512 -v"
run lavaMD lavaMD "main.c kernel/kernel_cpu.c util/num/num.c util/timer/timer.c" "-DOUTPUT" "-cores @T -boxes1d 6" result.txt
run backprop backprop "backprop_kernel.c backprop.c facetrain.c imagenet.c" "-std=gnu89" "65536"
run particlefilter particlefilter "ex_particle_OPENMP_seq.c" "" "-x 128 -y 128 -z 10 -np 10000"
run kmeans kmeans/kmeans_openmp "cluster.c getopt.c kmeans.c kmeans_clustering.c" "" "-n @T -i $tmp/kmeans.in -k 5"
run hotspot3D hotspot3D "3D.c" "" "64 8 100 $tmp/power $tmp/temp output.out" output.out
exit $status
