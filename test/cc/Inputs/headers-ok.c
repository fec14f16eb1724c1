#include <math.h>
#include <omp.h>
#include <stdio.h>
#include "headers-ok.h"

int hits; /* defined here, declared and made threadprivate in the header */

#pragma omp declare simd
double scale(double x) { return 2 * x; }

int main(void) {
  double s = 0;
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    int t = omp_get_thread_num();
    hits = t;
    per_thread[1] = t;
#pragma omp barrier
    bad += hits != t || per_thread[1] != t;
  }
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < 64; i++)
    s += scale(cos(0.0) * i);
  printf("bad %d sum %.1f where %d host %d\n", bad, s, where(), omp_is_initial_device());
  return 0;
}
