long v[64];
void f(int n) {
  /* the section's length is a run-time value */
#pragma omp parallel for reduction(+: v[0:n])
  for (int i = 0; i < 1000; i++)
    v[i % n] += i;
}
