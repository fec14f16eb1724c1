int main(void) {
  double **pp = 0;
  int n = 2;
#pragma omp target map(tofrom: pp[0:n][0:n])
  { pp[0][0] = 1; }
  return 0;
}
