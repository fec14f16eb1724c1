// Source of test/offload/device-ir-*.ll (weft-cc -O2 -S -emit-llvm [--paper-form]).
void saxpy(int n, double a, double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
void scale(int n, int *v) {
#pragma omp target parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] *= 3;
}
