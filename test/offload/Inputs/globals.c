// The source of test/offload/device-globals-{region,paper}.ll (weft-cc -O2
// -S -emit-llvm, and --paper-form); the tests list the variables in
// !omp_offload.info (`counter` and `table` to, `lnk` link) and mark
// `thrice` declare target by attribute instead of weft-cc's records.
#include <math.h>
#include <stdio.h>

int counter = 7;
double table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
int lnk[4] = {1, 2, 3, 4};
#pragma omp declare target link(lnk)

double twice(double x) { return 2 * x; }
double thrice(double x) { return 3 * x; }
double host_only(double x) { return 4 * x; }

void kernel(int n, double *out) {
#pragma omp target teams distribute parallel for map(from: out[0:n])
  for (int i = 0; i < n; i++) {
    out[i] = twice(table[i % 8]) + sin(table[i % 8]) + lnk[i % 4];
    if (i == 3) {
      counter += 1;
      printf("i %d out %.3f\n", i, out[i]);
    }
  }
}
