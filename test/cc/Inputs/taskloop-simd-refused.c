void f(double *a, int n) {
#pragma omp taskloop simd aligned(a: 16)
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma omp master taskloop simd nontemporal(a)
  for (int i = 0; i < n; i++) a[i] = 1;
}
