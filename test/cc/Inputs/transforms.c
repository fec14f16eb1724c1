void g(int, int);
void f(int n) {
#pragma omp parallel for collapse(3)
#pragma omp tile sizes(2, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) g(i, j);
}
