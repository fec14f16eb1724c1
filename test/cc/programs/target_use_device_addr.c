// RUN: %weftcc-check %s
// use_device_addr on target data (OpenMP 5.1 §2.14.2): inside the region
// the variable is the memory at the device address the runtime returns.
// A target region writes through that address (is_device_ptr); the end of
// the data region copies the device's copy back. Had the region kept the
// host address, the target region (on the host plugin) would write the
// host copy, which the end of the region then overwrites with the
// untouched device copy: the sums below would lack the writes. Without a
// device the address is the host's and the host data is the data.
#include <stdio.h>

#define N 64
int main(void) {
  int a[N], x = 5;
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target data map(tofrom: a, x) use_device_addr(a, x)
  {
    int *d = a, *px = &x;
#pragma omp target is_device_ptr(d, px)
    {
      for (int i = 0; i < N; i++) d[i] += 3 * i;
      *px += 10;
    }
  }
  long s = 0;
  for (int i = 0; i < N; i++) s += a[i];
  printf("addr: %ld %d %d %d\n", s, a[0], a[N - 1], x);
  return 0;
}
