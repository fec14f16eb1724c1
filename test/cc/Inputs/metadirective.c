int main(void) {
  int a[10], n = 3;
#pragma omp parallel
  {
#pragma omp metadirective when(construct={parallel}: for) otherwise(nothing)
    for (int i = 0; i < 10; i++) a[i] = i;
  }
#pragma omp metadirective when(user={condition(n > 2)}: parallel for) \
                          otherwise(simd)
  for (int i = 0; i < 10; i++) a[i] = i;
#pragma omp target map(from: a)
#pragma omp metadirective when(device={kind(gpu)}: teams distribute parallel for) otherwise(parallel for)
  for (int i = 0; i < 10; i++) a[i] = i;
  return a[9] - 9;
}
