// RUN: %weftcc-check %s
// Nested parallel regions: an outer parallel for over matrix blocks whose bodies open inner parallel for reductions.
#include <stdio.h>

#define NBLK 6
#define BS 500

static int mat[NBLK][BS];
static long block_sum[NBLK];
static int block_max[NBLK];

int main(void) {
  for (int b = 0; b < NBLK; b++)
    for (int i = 0; i < BS; i++)
      mat[b][i] = (b * 131 + i * 71) % 257 - 100;

#pragma omp parallel for num_threads(2) schedule(static, 1)
  for (int b = 0; b < NBLK; b++) {
    long s = 0;
    int mx = -1000;
#pragma omp parallel for num_threads(3) reduction(+ : s) reduction(max : mx)
    for (int i = 0; i < BS; i++) {
      s += mat[b][i];
      if (mat[b][i] > mx)
        mx = mat[b][i];
    }
    block_sum[b] = s;
    block_max[b] = mx;
  }

  long grand = 0;
#pragma omp parallel num_threads(2) reduction(+ : grand)
  {
#pragma omp single
    {
      long inner_total = 0;
#pragma omp parallel num_threads(2) reduction(+ : inner_total)
      {
#pragma omp for
        for (int b = 0; b < NBLK; b++)
          inner_total += block_sum[b] * (b + 1);
      }
      grand += inner_total;
    }
  }

  for (int b = 0; b < NBLK; b++)
    printf("block %d: sum=%ld max=%d\n", b, block_sum[b], block_max[b]);
  printf("weighted grand total=%ld\n", grand);
  return 0;
}
