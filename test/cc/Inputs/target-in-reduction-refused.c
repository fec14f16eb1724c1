#pragma omp declare reduction(mine : int : omp_out += omp_in) initializer(omp_priv = 0)
void f(int n) {
  int s = 0, a[8] = {0};
#pragma omp taskgroup task_reduction(+: s, a) task_reduction(mine: n)
  {
#pragma omp target in_reduction(+: a[2:4])
    a[2] += 1;
#pragma omp target in_reduction(mine: n)
    n += 1;
  }
}
