int a[100];
long f(int n) {
  long s = 0;
#pragma omp teams distribute parallel for num_teams(2) thread_limit(3) reduction(+ : s) firstprivate(n) schedule(static, 2)
  for (int i = 0; i < 100; i++) {
    a[i] = n;
    s += i;
  }
#pragma omp teams distribute dist_schedule(static, 8) reduction(+ : s) default(none) shared(a)
  for (int i = 0; i < 100; i++)
    s += a[i];
#pragma omp teams loop reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += i;
  return s;
}
