#include <omp.h>
int main(void) {
  int x = 0;
#pragma omp allocate(x) allocator(omp_low_lat_mem_alloc)
  return x;
}
