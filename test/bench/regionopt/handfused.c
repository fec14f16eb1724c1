// The kernels of kernels.c fused by hand, as the paper's reference point
// (Tian et al. 2016, Figure 2: the pair written as one `parallel for`),
// built by clang-16 -O3 -fopenmp with -DK(x)=hand_##x. The Jacobi pair
// cannot be fused (the copy-back writes what neighbours read): it is
// written as one parallel region with two loops and the barrier between.
#ifndef K
#define K(x) x
#endif

void K(fig2)(double *restrict a, const double *restrict b, double *restrict c, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    a[i] = b[i] * 2.0 + 1.0;
    c[i] = a[i] + b[i];
  }
}

void K(chain3)(double *restrict a, const double *restrict b, double *restrict c, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    a[i] = b[i] * 2.0 + 1.0;
    c[i] = a[i] * b[i];
    a[i] = c[i] - a[i];
  }
}

void K(jacobi)(double *restrict a, double *restrict b, double *restrict c, long n) {
  (void)c;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 1; i < n - 1; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0 / 3.0);
#pragma omp for
    for (long i = 1; i < n - 1; i++) a[i] = b[i];
  }
}

// The plain pair merged by hand: one region, the update under single.
static long K(updates);
void K(plain2)(double *restrict a, double *restrict b, double *restrict c, long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = b[i] * 2.0 + 1.0;
#pragma omp single
    K(updates)++;
#pragma omp for
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i] + (double)(K(updates) & 1);
  }
}
