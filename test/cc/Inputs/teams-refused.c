int a[100];
void f(void) {
#pragma omp teams distribute simd safelen(4)
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp teams
#pragma omp distribute parallel for simd aligned(a : 16)
  for (int i = 0; i < 100; i++)
    a[i] = i;
}
