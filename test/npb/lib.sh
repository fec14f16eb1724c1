# lib.sh: what check.sh and bench.sh share: an NPB 3.0 OpenMP C tree made
# ready for one class, and one benchmark built by weft-cc or by clang.
# Sourced, not run. Needs $root (the repository) set by the caller.

llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
npb_all="BT CG EP FT IS LU MG SP"

# npb_prepare NPB_DIR CLASS WORK: a copy of the sources in WORK/src with
# each benchmark's npbparams.h made by NPB's own setparams for CLASS. The
# copy keeps a stale npbparams.h of another class in NPB_DIR (a quoted
# include looks first next to the source) out of the build.
npb_prepare() {
  local npb=$1 class=$2 work=$3 b
  mkdir -p "$work/src/config"
  cp -r "$npb/common" "$npb/sys" "$work/src/"
  for b in $npb_all; do
    [ -d "$npb/$b" ] && cp -r "$npb/$b" "$work/src/"
    rm -f "$work/src/$b/npbparams.h"
  done
  # setparams copies these lines into npbparams.h, which the benchmark
  # prints; the builds' real commands are the ones npb_build runs.
  cat > "$work/src/config/make.def" <<MAKEDEF
CC = weft-cc or clang-16 -fopenmp
CLINK = weft-cc or clang-16 -fopenmp
C_LIB = -lm
C_INC = -I../common
CFLAGS = -O0 to -O3
CLINKFLAGS =
UCC = cc
BINDIR = ../bin
RAND = randdp
WTIME = wtime.c
MAKEDEF
  # BT writes the file-scope tmp1, tmp2, tmp3 of its header from every
  # thread of its lhsx/lhsy/lhsz loops: a race in NPB's source, which makes
  # clang's own -O0 build fail to verify at 4 threads in some runs (at -O1
  # and up the values stay in registers). Made threadprivate in the copy,
  # unless NPB_AS_IS=1.
  if [ "${NPB_AS_IS:-0}" != 1 ] && [ -f "$work/src/BT/header.h" ]; then
    sed -i 's/^static double tmp1, tmp2, tmp3;$/&\n#pragma omp threadprivate(tmp1, tmp2, tmp3)/' "$work/src/BT/header.h"
  fi
  cc -O1 -w -o "$work/src/sys/setparams" "$work/src/sys/setparams.c"
  for b in $npb_all; do
    [ -d "$work/src/$b" ] || continue
    if ! (cd "$work/src/$b" && ../sys/setparams "$(echo "$b" | tr A-Z a-z)" "$class") > "$work/setparams.log" 2>&1; then
      echo "NPB's setparams refused $b class $class:" >&2
      cat "$work/setparams.log" >&2
      return 1
    fi
  done
}

# npb_sources B: the files one benchmark links, as its Makefile lists them.
npb_sources() {
  local b=$1 lower
  lower=$(echo "$b" | tr A-Z a-z)
  local files="$b/$lower.c common/c_print_results.c common/c_timers.c common/wtime.c"
  case $b in CG|EP|FT|MG) files="$files common/c_randdp.c" ;; esac
  echo "$files"
}

# npb_build WORK B COMPILER LEVEL OUT: COMPILER is weft or clang; the same
# flags otherwise. Prints nothing; the compiler's messages go to OUT.log.
npb_build() {
  local work=$1 b=$2 comp=$3 level=$4 out=$5 f files=""
  for f in $(npb_sources "$b"); do files="$files $work/src/$f"; done
  local flags="-$level -w -I$work/src/common -I$work/src/$b"
  # IS is K&R C (implicit int, undeclared calls), an error since clang 16.
  [ "$b" = IS ] && flags="$flags -Wno-error=implicit-int -Wno-error=implicit-function-declaration"
  if [ "$comp" = weft ]; then
    # shellcheck disable=SC2086
    "$weftcc" $flags $files -lm -o "$out" > "$out.log" 2>&1
  else
    # shellcheck disable=SC2086
    "$clang" -fopenmp $flags $files -lm -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" \
      -o "$out" > "$out.log" 2>&1
  fi
}
