/* weft-cc's bundled example: a histogram and a sum of squares, in C with
 * #pragma omp, compiled by scripts/setup.sh through weft-cc. */
#include <stdio.h>

#define N 1000000

static unsigned char data[N];

int main(void) {
  long hist[16] = {0};
  long sum = 0;
  for (int i = 0; i < N; i++)
    data[i] = (unsigned char)((i * 2654435761u) >> 24);
#pragma omp parallel
  {
    long local[16] = {0};
#pragma omp for reduction(+: sum) schedule(static)
    for (int i = 0; i < N; i++) {
      local[data[i] & 15]++;
      sum += (long)data[i] * data[i];
    }
#pragma omp critical
    for (int b = 0; b < 16; b++)
      hist[b] += local[b];
  }
  printf("sum of squares %ld\n", sum);
  for (int b = 0; b < 16; b++)
    printf("bin %2d: %ld\n", b, hist[b]);
  return 0;
}
