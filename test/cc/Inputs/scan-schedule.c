int a[64], b[64];
void scheduled(int n) {
  long x = 0;
#pragma omp parallel for reduction(inscan, + : x) schedule(dynamic)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
}
