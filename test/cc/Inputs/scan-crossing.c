int a[64], b[64];
void crossing(int n) {
  long x = 0;
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    int k = i / 2;
    x += a[k];
    k = k + 1;
#pragma omp scan inclusive(x)
    b[k] = x;
  }
}
