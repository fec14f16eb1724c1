int f(int *a) {
  int x = 0;
#pragma omp parallel for reduction(task, + : x)
  for (int i = 0; i < 10; i++)
    x += a[i];
  return x;
}
