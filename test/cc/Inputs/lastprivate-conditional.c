int x = -1;
int f(const int *a, int n) {
#pragma omp for lastprivate(conditional: x)
  for (int i = 0; i < n; i++)
    if (a[i] > 3)
      x = i;
  return x;
}
