# lib.sh: what check.sh and bench.sh share: the Barcelona OpenMP Tasks
# Suite's apps, their version variants and small inputs, and one variant
# built by weft-cc or by clang. Sourced, not run. Needs $root (the
# repository) set by the caller.

llvm=${LLVM_SYS_160_PREFIX:-/usr/lib/llvm-16}
clang=$llvm/bin/clang
weftcc=${WEFT_CC:-$root/target/release/weft-cc}
bots_all="alignment_for alignment_single concom fft fib floorplan health knapsack nqueens sort sparselu_for sparselu_single strassen uts"

# bots_dir APP: the app's directory under omp-tasks/.
bots_dir() {
  case $1 in
    alignment_*) echo "alignment/$1" ;;
    sparselu_*) echo "sparselu/$1" ;;
    *) echo "$1" ;;
  esac
}

# bots_variants APP: the versions BOTS's Makefiles build for APP: the plain
# one, the cutoff versions its CUTOFF_VERSIONS lists (manual, if, final;
# BOTS builds final only with a compiler that its configure marks as
# supporting the clause, which clang does) and the tied version of each
# (every app sets TIED_VERSIONS).
bots_variants() {
  local cut="" c v out=""
  case $1 in
    fib | floorplan | nqueens) cut="manual if final" ;;
    health | knapsack | strassen) cut="manual if" ;;
  esac
  for v in plain $cut; do out="$out $v $v-tied"; done
  echo $out
}

# bots_flags VARIANT: the -D flags of BOTS's Makefile.common for it.
bots_flags() {
  local f=""
  case $1 in
    manual*) f="-DMANUAL_CUTOFF" ;;
    if*) f="-DIF_CUTOFF" ;;
    final*) f="-DFINAL_CUTOFF" ;;
  esac
  case $1 in *-tied) f="$f -DFORCE_TIED_TASKS" ;; esac
  echo "$f"
}

# bots_args APP VARIANT INPUTS: the command-line arguments of a small run
# (a second or two at most on a loaded 2-core machine, at -O0). INPUTS is
# the suite's inputs/ directory. A cutoff version gets a cutoff (-x, which
# only those versions accept) that the small input reaches, so that both
# sides of the cutoff run; -c (verification) is the caller's.
bots_args() {
  local in=$3
  case $2 in
    plain*) ;;
    *)
      case $1 in
        fib) echo "-x 6" ;;
        floorplan) echo "-x 2" ;;
        health) echo "-x 1" ;;
        knapsack) echo "-x 6" ;;
        nqueens) echo "-x 3" ;;
        strassen) echo "-x 1" ;;
      esac
      ;;
  esac
  case $1 in
    alignment_*) echo "-f $in/alignment/prot.20.aa" ;;
    concom) echo "-n 10000 -m 10 -l 10000" ;;
    fft) echo "-n 1048576" ;;
    fib) echo "-n 25" ;;
    floorplan) echo "-f $in/floorplan/input.5" ;;
    health) echo "-f $in/health/test.input" ;;
    knapsack) echo "-f $in/knapsack/knapsack-016.input" ;;
    nqueens) echo "-n 9" ;;
    sort) echo "-n 1048576" ;;
    sparselu_*) echo "-n 20 -m 20" ;;
    strassen) echo "-n 256" ;;
    uts) echo "-f $in/uts/test.input" ;;
  esac
}

# bots_prepare BOTS_DIR WORK: a copy of common/ and omp-tasks/ in WORK/src,
# and beside it WORK/tied, the same with BOTS's own rewrite for the tied
# versions (`task untied` to `task`, the sed line of Makefile.common).
bots_prepare() {
  local bots=$1 work=$2 f
  mkdir -p "$work/src" "$work/tied"
  cp -r "$bots/common" "$bots/omp-tasks" "$work/src/"
  cp -r "$bots/common" "$bots/omp-tasks" "$work/tied/"
  for f in "$work"/tied/omp-tasks/*/*.c "$work"/tied/omp-tasks/*/*/*.c; do
    [ -f "$f" ] && sed -i -e "s/task \{1,\}untied/task/g" "$f"
  done
  return 0
}

# bots_build WORK APP VARIANT COMPILER LEVEL OUT: COMPILER is weft or
# clang; the same flags otherwise: the app's sources, bots_main.c and
# bots_common.c in one command, with the -D strings bots_main.c prints.
# Prints nothing; the compiler's messages go to OUT.log.
bots_build() {
  local work=$1 app=$2 var=$3 comp=$4 level=$5 out=$6 tree dir
  tree=$work/src
  case $var in *-tied) tree=$work/tied ;; esac
  dir=$tree/omp-tasks/$(bots_dir "$app")
  local info=(-DCDATE="\"-\"" -DCC="\"$comp\"" -DLD="\"$comp\"" -DCMESSAGE="\"\""
    -DLDFLAGS="\"-lm\"" -DCFLAGS="\"-$level $(bots_flags "$var")\"")
  # shellcheck disable=SC2046
  local args=(-"$level" -w -I"$tree/common" -I"$dir" $(bots_flags "$var") "${info[@]}"
    "$tree/common/bots_main.c" "$tree/common/bots_common.c" "$dir"/*.c -lm -o "$out")
  if [ "$comp" = weft ]; then
    "$weftcc" "${args[@]}" > "$out.log" 2>&1
  else
    "$clang" -fopenmp "${args[@]}" -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" > "$out.log" 2>&1
  fi
}

# bots_bench_args APP INPUTS: the arguments of bench.sh's runs, most of
# them larger than the check's (a tenth of a second to a second of the
# kernel at -O3 and 2 threads on a 2-core machine). concom's recursion
# overflows the threads' stacks from about 50,000 nodes through either
# compiler, and floorplan's next input (input.15) runs for minutes.
bots_bench_args() {
  local in=$2
  case $1 in
    alignment_*) echo "-f $in/alignment/prot.20.aa" ;;
    concom) echo "-n 10000 -m 10 -l 10000" ;;
    fft) echo "-n 2097152" ;;
    fib) echo "-n 27" ;;
    floorplan) echo "-f $in/floorplan/input.5" ;;
    health) echo "-f $in/health/test.input" ;;
    knapsack) echo "-f $in/knapsack/knapsack-024.input" ;;
    nqueens) echo "-n 10" ;;
    sort) echo "-n 4194304" ;;
    sparselu_*) echo "-n 30 -m 30" ;;
    strassen) echo "-n 1024" ;;
    uts) echo "-f $in/uts/test.input" ;;
  esac
}
