// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=52
// OpenMP 5.2 spells declare target's `to` as `enter`: a function and a
// global listed that way, used in a target region. weft-cc compiles the
// rewritten program under the version asked for (before, the compile step
// dropped -fopenmp-version and clang refused `enter`). The region doubles
// the global's elements and adds the function's value: a lost map or a
// region that did not run prints other sums.
#include <stdio.h>

int scale(int x) { return 3 * x + 1; }
int table[16];
#pragma omp declare target enter(scale, table)

int main(void) {
  int r = 0;
  for (int i = 0; i < 16; i++)
    table[i] = i;
#pragma omp target map(tofrom : r, table)
  {
    for (int i = 0; i < 16; i++) {
      table[i] *= 2;
      r += scale(table[i]);
    }
  }
  int s = 0;
  for (int i = 0; i < 16; i++)
    s += table[i];
  printf("r %d s %d\n", r, s);
  return 0;
}
