// Source of test/offload/device-ir-generic-*.ll (weft-cc -O2 -S -emit-llvm [--paper-form]).
void around(int n, int *v, int *sum) {
#pragma omp target map(tofrom: v[0:n], sum[0:1])
  {
    int k = 3;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      v[i] = v[i] * k;
    for (int i = 0; i < n; i++)
      sum[0] += v[i];
  }
}
void league(int n, int *v) {
#pragma omp target teams distribute map(tofrom: v[0:n * 4])
  for (int i = 0; i < n; i++) {
    int t = i * 4;
#pragma omp parallel for
    for (int j = 0; j < 4; j++)
      v[t + j] += t;
  }
}
