// Non-rectangular collapsed nests weft does not lower yet: on simd loops,
// and with two loops whose bounds change with the loops around them.
void on_simd(int n, int (*a)[64]) {
#pragma omp simd collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j]++;
}

void on_parallel_for_simd(int n, int (*a)[64]) {
#pragma omp parallel for simd collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[i][j]++;
}

void two_varying(int n, int (*a)[64][64]) {
  int i, j, k;
#pragma omp parallel for collapse(3)
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      for (k = j; k < n; k++)
        a[i][j][k]++;
}
