#include "unit-b.h"
long total(const int *v, int n, long *counted) {
  long s = 0, c = 0;
#pragma omp parallel reduction(+: s, c)
  {
    calls = 0;
#pragma omp for schedule(guided, CHUNK)
    for (int i = 0; i < n; i++) {
      s += v[i] * SCALE;
      calls += 1;
    }
    c += calls;
  }
  *counted = c;
  return s;
}
