// Three non-rectangular collapse(2) nests: each inner loop's bounds change
// with the outer loop's variable.
void lower(int n, int (*a)[64]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j]++;
}

void lower_eq(int n, int (*a)[64]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[i][j]++;
}

void upper(int n, int (*a)[64]) {
  int i, j;
#pragma omp parallel for collapse(2) schedule(dynamic)
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      a[i][j]++;
}

// The start affine in the outer variable, counting down in steps of 2.
void affine(int n, int (*a)[64]) {
  int i, j;
#pragma omp parallel for collapse(2)
  for (i = 0; i < n; i++)
    for (j = 2 * i + 1; j >= 0; j -= 2)
      a[i][j]++;
}
