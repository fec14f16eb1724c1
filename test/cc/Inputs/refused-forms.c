int n(void);
void f(int *a, int c) {
#pragma omp parallel for
  for (int i = 0; i < n(); i++) a[i] = i;
#pragma omp parallel for simd if(simd: c)
  for (int i = 0; i < 8; i++) a[i] = i;
}
