#include <omp.h>
#include <stdio.h>
#include "headers-exec.h"
int main(void) {
  int a[100];
  for (int i = 0; i < 100; i++)
    a[i] = i;
  printf("sum %ld product %ld bad %d filled %ld\n", header_sum(a, 100), header_product(10), header_counts() / 1000,
         header_filled());
#ifdef BAD_CLAUSE
  header_bad();
#endif
#ifdef BAD_SCHEDULE
  header_scan(a, a, 10);
#endif
  return 0;
}
