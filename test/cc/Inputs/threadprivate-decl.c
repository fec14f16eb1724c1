int f(void) {
  static int a, b;
#pragma omp threadprivate(a)
  return a + b;
}
int main(void) { return f(); }
