#include "unit-b.h"
long total(const int *v, int n) {
  long s = 0;
#pragma omp parallel for reduction(+: s) schedule(guided, CHUNK)
  for (int i = 0; i < n; i++)
    s += v[i] * SCALE;
  return s;
}
