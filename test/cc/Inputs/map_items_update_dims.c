int main(void) {
  double Q[3][4];
#pragma omp target update to(Q[0:2][1:2])
  return 0;
}
