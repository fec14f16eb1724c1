long v[64];
void f(int n) {
  /* a run-time section on a simd loop (threaded loops take them) */
#pragma omp simd reduction(+: v[0:n])
  for (int i = 0; i < 1000; i++)
    v[i % n] += i;
}
