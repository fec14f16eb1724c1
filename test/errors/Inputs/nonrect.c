// Non-rectangular collapsed nests weft does not lower: a doacross nest
// (ordered(n)) is not built yet, and a loop whose step changes with the
// loops around it cannot be counted (OpenMP wants it loop-invariant).
void doacross(int n, int (*a)[64]) {
#pragma omp parallel for ordered(2)
  for (int i = 1; i < n; i++)
    for (int j = 1; j < i; j++) {
#pragma omp ordered depend(sink : i - 1, j)
      a[i][j] = a[i - 1][j] + 1;
#pragma omp ordered depend(source)
    }
}

void step_varies(int n, int (*a)[64]) {
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j += i)
      a[i][j]++;
}
