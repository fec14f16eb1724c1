// weft-regionopt's benchmark kernels (test/bench/regionopt/bench.sh), built
// once per compiler with -DK(x)=<prefix>_##x: adjacent parallel loops that
// weft-regionopt forks once (Tian et al. 2016, Figure 2).
#ifndef K
#define K(x) x
#endif

// Figure 2: the second loop reads what the first wrote, at the same index.
void K(fig2)(double *restrict a, const double *restrict b, double *restrict c, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = b[i] * 2.0 + 1.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = a[i] + b[i];
}

// A chain of three dependent loops.
void K(chain3)(double *restrict a, const double *restrict b, double *restrict c, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = b[i] * 2.0 + 1.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = a[i] * b[i];
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = c[i] - a[i];
}

// A Jacobi sweep and its copy-back (the barrier between them stays).
void K(jacobi)(double *restrict a, double *restrict b, double *restrict c, long n) {
  (void)c;
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0 / 3.0);
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++) a[i] = b[i];
}

// Two plain parallel regions, each with a worksharing loop, and a counter
// update between them: weft-regionopt forks once, the update under single
// (OpenMPOpt's merging leaves a region pair with code between apart unless
// it can run the code in the team).
static long K(updates);
void K(plain2)(double *restrict a, double *restrict b, double *restrict c, long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = b[i] * 2.0 + 1.0;
  }
  K(updates)++;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i] + (double)(K(updates) & 1);
  }
}
