#include <stdio.h>
int main(void) {
  printf("_OPENMP %d\n", _OPENMP);
  return 0;
}
