int v[4][4];
#define TWO 2
int f(int n) {
  int s = 0, x = 0;
#pragma omp parallel for reduction(+: v[0:2][:])
  for (int i = 0; i < n; i++)
    v[i % 2][i % 4] += i;
#pragma omp parallel for lastprivate(conditional: x)
  for (int i = 0; i < n; i++)
    if (i % 3 == 0)
      x = i;
#pragma omp parallel for ordered(TWO)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += i;
  return s + x;
}
