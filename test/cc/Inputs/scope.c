int main(void) {
  int s = 0;
#pragma omp parallel
  {
#pragma omp scope reduction(+ : s)
    s++;
  }
  return s;
}
