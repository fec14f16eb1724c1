#include <stdio.h>
#define KERNEL_CHUNK 4
#include "unit-kernel.h"
long unit_d(const int *v, int n);
int main(void) {
  static int v[1000];
  for (int i = 0; i < 1000; i++)
    v[i] = i % 7;
  printf("%ld %ld\n", unit_kernel(v, 1000), unit_d(v, 1000));
  return 0;
}
