#include <stdio.h>
void g(int *a) { *a = 1; }
int main(void) {
  int a = 0;
#pragma omp dispatch
  g(&a);
  printf("%d\n", a);
  return 0;
}
