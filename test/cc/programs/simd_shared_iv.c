// RUN: %weftcc-check %s
// A simd loop inside a parallel region whose loop variable and whose
// private and lastprivate variables are the enclosing function's locals,
// shared by the team: the simd region is lowered after the parallel region
// is outlined, where those variables are pointers into the microtask's
// arguments, so their types must travel with the clauses (weft-cc gives
// them `:TYPED`). Before, weft refused the program ("cannot tell the
// variable's type"). Each thread's simd loop fills its own rows; every
// copy-out of k stores 64 and of `last` 63 (the same value from each
// thread). A private copy shared between lanes, a lost reduction or a lost
// copy-out changes what is printed.
#include <stdio.h>

int main(void) {
  int k, tmp, last = -1, base = 3;
  long acc = 0;
  int out[8][64];
#pragma omp parallel reduction(+ : acc)
  {
#pragma omp for
    for (int t = 0; t < 8; t++) {
#pragma omp simd private(tmp) lastprivate(last) reduction(+ : acc)
      for (k = 0; k < 64; k++) {
        tmp = k * t;
        out[t][k] = tmp + base;
        last = k + t * 0;
        acc += k;
      }
    }
  }
  long sum = 0;
  for (int t = 0; t < 8; t++)
    for (int i = 0; i < 64; i++)
      sum += out[t][i] * (i + 1);
  printf("k %d sum %ld last %d acc %ld\n", k, sum, last, acc);
  return 0;
}
