int f(void) {
#ifdef STRUCT
  static struct { int x; } a, b;
#pragma omp threadprivate(a)
  return a.x + b.x;
#else
  static int a, b;
#pragma omp threadprivate(a)
  return a + b;
#endif
}
int main(void) { return f(); }
