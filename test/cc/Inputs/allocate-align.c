#include <omp.h>
int f(int n) {
  int x = 0;
#pragma omp parallel private(x) allocate(allocator(omp_low_lat_mem_alloc), align(n): x)
  x = 1;
  return x;
}
