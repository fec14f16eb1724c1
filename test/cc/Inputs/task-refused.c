#include <omp.h>
void f(int *a, int n) {
  int x = 0;
#pragma omp task affinity(iterator(i = 0:n): a[i])
  a[0] = 1;
#pragma omp taskloop in_reduction(+: a[0:4])
  for (int i = 0; i < 4; i++) a[i] += 1;
#pragma omp parallel reduction(task, +: a[0:4])
  a[0] += x;
  omp_depend_t o;
#pragma omp depobj(o) depend(iterator(i = 0:n), in: a[i])
}
