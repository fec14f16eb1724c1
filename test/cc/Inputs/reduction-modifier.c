int f(int *a) {
  int x = 0;
#pragma omp parallel for reduction(task, + : a[0:2])
  for (int i = 0; i < 10; i++)
    x += a[i];
  return x;
}
