// RUN: %weftcc-check %s
// Integer matrix multiply with collapse(2), a transposed variant with private temporaries, and a trace reduction.
#include <stdio.h>
#include <stdlib.h>

#define M 64
#define K 48
#define P 56

static int A[M][K], B[K][P];
static long Cmat[M][P];

static void transpose(const int *src, int *dst, int rows, int cols) {
#pragma omp parallel for collapse(2) schedule(static, 16)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      dst[j * rows + i] = src[i * cols + j];
}

static void matmul_bt(const int *a, const int *bt, long *c, int m, int k, int p) {
  long acc;
#pragma omp parallel for private(acc) schedule(dynamic, 4)
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < p; j++) {
      acc = 0;
      for (int t = 0; t < k; t++)
        acc += (long)a[i * k + t] * bt[j * k + t];
      c[i * p + j] = acc;
    }
  }
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < K; j++)
      A[i][j] = (i * 3 + j * 5) % 17 - 8;
  for (int i = 0; i < K; i++)
    for (int j = 0; j < P; j++)
      B[i][j] = (i * 7 - j * 2) % 13;

#pragma omp parallel for collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) {
      long s = 0;
      for (int t = 0; t < K; t++)
        s += (long)A[i][t] * B[t][j];
      Cmat[i][j] = s;
    }

  int *bt = malloc(sizeof(int) * K * P);
  long *c2 = malloc(sizeof(long) * M * P);
  transpose(&B[0][0], bt, K, P);
  matmul_bt(&A[0][0], bt, c2, M, K, P);

  int mismatches = 0;
  long trace = 0, fro = 0;
#pragma omp parallel for reduction(+ : mismatches, trace, fro) collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) {
      mismatches += Cmat[i][j] != c2[i * P + j];
      if (i == j)
        trace += Cmat[i][j];
      fro += Cmat[i][j] * Cmat[i][j];
    }

  printf("C[0][0]=%ld C[%d][%d]=%ld\n", Cmat[0][0], M - 1, P - 1, Cmat[M - 1][P - 1]);
  printf("trace=%ld frobenius^2=%ld\n", trace, fro);
  printf("transposed variant mismatches=%d\n", mismatches);
  free(bt);
  free(c2);
  return 0;
}
