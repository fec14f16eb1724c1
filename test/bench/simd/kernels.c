/* The simd benchmark's kernels, compiled three times (bench.sh): by weft
   (weft-cc, names prefixed w_), by LLVM's LoopVectorize (clang -O3
   -fopenmp-simd, prefix v_) and scalar (prefix s_). K(name) gives the prefix. */
#include <math.h>

#ifndef K
#define K(x) x
#endif

void K(saxpy)(float *restrict out, const float *restrict x, const float *restrict y, float a, long n) {
#pragma omp simd
  for (long i = 0; i < n; i++)
    out[i] = a * x[i] + y[i];
}

double K(dot)(const double *restrict x, const double *restrict y, long n) {
  double s = 0;
#pragma omp simd reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

/* The paper's loop: a division in the lanes where a[k] > m. */
int K(cdiv)(int *restrict a, int m, long n) {
  int y = 0;
#pragma omp simd lastprivate(y)
  for (long k = 0; k < n; k++) {
    y = a[k];
    if (y > m)
      y = m / y;
    a[k] = (int)k + y;
  }
  return y;
}

void K(clamp)(float *restrict out, const float *restrict in, float lo, float hi, long n) {
#pragma omp simd
  for (long i = 0; i < n; i++) {
    float v = in[i];
    out[i] = v < lo ? lo : (v > hi ? hi : v);
  }
}

void K(strided)(double *restrict out, const double *restrict in, long n) {
#pragma omp simd
  for (long i = 0; i < n; i++)
    out[i] = in[3 * i] + 2.0 * in[3 * i + 1];
}

/* An outer simd loop whose inner loop runs a different count per lane, and
   one no closed form replaces: the Collatz steps of each element. */
void K(inner)(int *restrict out, const int *restrict len, long n) {
#pragma omp simd
  for (long i = 0; i < n; i++) {
    unsigned x = (unsigned)len[i] + 1;
    int steps = 0;
    while (x != 1) {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      steps++;
    }
    out[i] = steps;
  }
}

void K(mathcall)(float *restrict out, const float *restrict in, long n) {
#pragma omp simd
  for (long i = 0; i < n; i++)
    out[i] = sqrtf(fabsf(in[i])) + 1.0f;
}
