// RUN: %weftcc-check %s
// Sparse matrix-vector products in CSR format with dynamic/guided schedules, power iteration steps and row statistics.
#include <stdio.h>
#include <stdlib.h>

#define NR 500

struct csr {
  int n;
  int *rowptr;
  int *col;
  long *val;
};

static struct csr build(int n) {
  struct csr m;
  m.n = n;
  m.rowptr = malloc((size_t)(n + 1) * sizeof(int));
  int cap = n * 12;
  m.col = malloc((size_t)cap * sizeof(int));
  m.val = malloc((size_t)cap * sizeof(long));
  int nnz = 0;
  for (int i = 0; i < n; i++) {
    m.rowptr[i] = nnz;
    int deg = 1 + (i * 7) % 11;
    for (int k = 0; k < deg; k++) {
      m.col[nnz] = (i + k * k * 13 + 1) % n;
      m.val[nnz] = (i + k) % 5 - 2;
      nnz++;
    }
  }
  m.rowptr[n] = nnz;
  return m;
}

static void spmv(const struct csr *m, const long *x, long *y) {
  int n = m->n;
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < n; i++) {
    long s = 0;
    for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++)
      s += m->val[k] * x[m->col[k]];
    y[i] = s;
  }
}

int main(void) {
  struct csr m = build(NR);
  long *x = malloc(NR * sizeof(long));
  long *y = malloc(NR * sizeof(long));
  for (int i = 0; i < NR; i++)
    x[i] = i % 9 - 4;

  for (int it = 0; it < 4; it++) {
    spmv(&m, x, y);
    long norm1 = 0;
    long mx = 0;
#pragma omp parallel for schedule(guided, 8) reduction(+ : norm1) reduction(max : mx)
    for (int i = 0; i < NR; i++) {
      long a = y[i] < 0 ? -y[i] : y[i];
      norm1 += a;
      if (a > mx)
        mx = a;
    }
    printf("iter %d: |y|_1=%ld |y|_inf=%ld\n", it, norm1, mx);
#pragma omp parallel for
    for (int i = 0; i < NR; i++)
      x[i] = y[i] % 1000;
  }

  int longest = 0, empty_cols = 0;
  int *colcount = calloc(NR, sizeof(int));
#pragma omp parallel
  {
#pragma omp for reduction(max : longest)
    for (int i = 0; i < NR; i++) {
      int len = m.rowptr[i + 1] - m.rowptr[i];
      if (len > longest)
        longest = len;
      for (int k = m.rowptr[i]; k < m.rowptr[i + 1]; k++) {
#pragma omp atomic
        colcount[m.col[k]]++;
      }
    }
#pragma omp for reduction(+ : empty_cols)
    for (int j = 0; j < NR; j++)
      empty_cols += colcount[j] == 0;
  }
  printf("nnz=%d longest row=%d empty columns=%d\n", m.rowptr[NR], longest, empty_cols);
  free(colcount);
  free(x);
  free(y);
  free(m.rowptr);
  free(m.col);
  free(m.val);
  return 0;
}
