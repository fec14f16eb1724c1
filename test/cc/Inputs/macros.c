/* A pragma from a macro whose statement comes from the macro too: refused
   at the invocation's line. */
#define FILL(v, n)                                                         \
  _Pragma("omp parallel for") for (int i = 0; i < (n); i++)(v)[i] = i
#define PRAGMA(x) _Pragma(#x)
void fill(int *v, int n) {
  FILL(v, n);
}
