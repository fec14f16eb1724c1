#include <stdio.h>
void show(int n, signed char c, unsigned char u, float f, _Bool b) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    if (i == 0)
      printf("%d %u %.1f %d\n", c, u, f, b);
}
