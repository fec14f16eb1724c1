#include <stdio.h>
int main(void) {
  int a = 0;
#pragma omp target teams map(tofrom: a)
  a = 1;
  printf("%d\n", a);
  return 0;
}
