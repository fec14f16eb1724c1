#include <stdio.h>
void rec_name(void *p, unsigned long size, const char *name);
int main(void) {
  long sum = 1;
  double d[3] = {0};
  rec_name(&sum, sizeof sum, "sum");
  rec_name(d, sizeof d, "d");
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: sum, d)
  {
#pragma omp target in_reduction(+: sum, d) nowait
    {
      sum += 10;
      d[1] += 1.5;
    }
#pragma omp target in_reduction(+: sum) defaultmap(to)
    sum += 100;
  }
  printf("%ld %.1f\n", sum, d[1]);
  return 0;
}
