#include <stdio.h>
int main(void) {
  int a = 0, b = 0;
#pragma omp parallel sections
  {
#pragma omp section
    a = 1;
#pragma omp section
    b = 2;
  }
  printf("%d %d\n", a, b);
  return 0;
}
