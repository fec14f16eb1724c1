#include <stdio.h>
#include "unit-b.h"
long calls;
long total(const int *v, int n, long *counted);
int main(void) {
  static int v[1000];
  for (int i = 0; i < 1000; i++)
    v[i] = i % 7;
  long counted;
  long t = total(v, 1000, &counted);
  printf("%ld %ld\n", t, counted);
  return 0;
}
