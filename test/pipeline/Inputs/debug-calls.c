#include <stdio.h>
int main(int argc, char **argv) {
  long s = 0;
#pragma omp parallel for reduction(+: s) if (argc < 5)
  for (int i = 0; i < 1000; i++)
    s += i;
  printf("%ld\n", s);
  return 0;
}
