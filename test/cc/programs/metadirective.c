// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=52
// metadirective: clang chooses the variant, weft-cc lowers the one chosen
// with the variant's clauses. Each loop counts the iterations it runs: a
// variant read as another (a worksharing loop as a parallel one, `nothing`
// as a worksharing loop, a parallel loop as a simd one) runs some
// iterations once per thread, or none of them in a team, and prints
// another count than the serial program. Constant user conditions,
// otherwise, nothing, the implementation's vendor, a variant with clauses
// of its own on continued lines.
#include <stdio.h>

#define N 1000

int main(void) {
  int total = 0, inside = 0, lastval = -1, vendor = 0, threads = 0, ran = 0;
#pragma omp parallel reduction(+:threads)
  threads += 1;
#pragma omp parallel reduction(+:inside)
  {
    // (The team shares the iterations: the first when's variant.)
#pragma omp metadirective when(user={condition(1)}: for) otherwise(parallel for)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      total += 1;
    }
    // (Every thread runs the whole loop: `nothing` is no directive.)
#pragma omp metadirective when(user={condition(0)}: for) otherwise(nothing)
    for (int i = 0; i < 10; i++)
      inside += 1;
  }
#pragma omp metadirective when(user={condition(1)}: parallel for \
                                  lastprivate(lastval) reduction(+:ran)) \
                          otherwise(simd)
  for (int i = 0; i < N; i++) {
    lastval = i;
    ran += 1;
  }
#pragma omp metadirective when(implementation={vendor(llvm)}: parallel for reduction(+:vendor)) \
                          otherwise(parallel)
  for (int i = 0; i < N; i++)
    vendor += 1;
  printf("total %d inside per thread %d last %d ran %d vendor %d\n", total, inside / threads, lastval, ran, vendor);
  return 0;
}
