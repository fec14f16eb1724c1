#include <stdio.h>
long total(const int *v, int n);
int main(void) {
  static int v[1000];
  for (int i = 0; i < 1000; i++)
    v[i] = i % 7;
  printf("%ld\n", total(v, 1000));
  return 0;
}
