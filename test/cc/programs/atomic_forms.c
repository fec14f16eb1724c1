// RUN: %weftcc-check %s
// atomic, atomic update, atomic read, atomic write and atomic capture (v = x++, v = x += e, { v = x; x += e; }).
#include <stdio.h>
#include <stdlib.h>

#define N 5000

long counter;
static int slots[N];

static int compact_positive(const int *in, int *out, int n) {
  int next = 0;
#pragma omp parallel for schedule(dynamic, 8)
  for (int i = 0; i < n; i++) {
    if (in[i] > 0) {
      int pos;
#pragma omp atomic capture
      pos = next++;
      out[pos] = in[i];
    }
  }
  return next;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  int *in = malloc(N * sizeof(int));
  int *out = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    in[i] = (i * 37) % 101 - 40;

  double dsum = 0.0;
  unsigned bits = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    counter += in[i];
#pragma omp atomic update
    dsum += (double)(in[i] % 8);
#pragma omp atomic
    bits |= 1u << (i % 29);
  }
  printf("counter=%ld dsum=%.1f bits=0x%x\n", counter, dsum, bits);

  int m = compact_positive(in, out, N);
  qsort(out, (size_t)m, sizeof(int), cmp_int);
  long ck = 0;
  for (int i = 0; i < m; i++)
    ck = ck * 5 % 1000003 + out[i];
  printf("compacted %d positives, sorted checksum=%ld\n", m, ck);

  /* ticket dispenser: captured values form the set {0, 5, 10, ...} in any order */
  int ticket = 0;
  long captured_sum = 0;
  int later = 0;
#pragma omp parallel for reduction(+ : captured_sum)
  for (int i = 0; i < 400; i++) {
    int v;
#pragma omp atomic capture
    v = ticket += 5;
    captured_sum += v;
    int old;
#pragma omp atomic capture
    {
      old = later;
      later += 3;
    }
    slots[old / 3] = 1;
  }
  int filled = 0;
  for (int i = 0; i < 400; i++)
    filled += slots[i];
  printf("ticket=%d captured_sum=%ld later=%d filled=%d\n", ticket, captured_sum, later, filled);

  long flag = 0;
  long seen = -1;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp atomic write
      flag = 42 + N;
    }
    long r;
#pragma omp atomic read
    r = flag;
#pragma omp critical
    if (r > seen)
      seen = r;
  }
  printf("atomic write/read flag=%ld seen=%ld\n", flag, seen);
  free(in);
  free(out);
  return 0;
}
