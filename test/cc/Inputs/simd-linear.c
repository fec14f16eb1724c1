int a[64];
int main(void) {
  int j = 0;
#pragma omp simd linear(j: 2)
  for (int i = 0; i < 32; i++)
    a[i] = j;
  return a[5];
}
