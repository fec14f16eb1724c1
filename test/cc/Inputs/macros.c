/* Pragmas from macros whose statement comes from the macro too: their
   invocation's lines are read as the preprocessor expands them. One whose
   invocation is continued with a backslash is refused, at its line. */
#define FILL(v, n)                                                         \
  _Pragma("omp parallel for") for (int i = 0; i < (n); i++)(v)[i] = i
void fill(int *v, int n) {
  FILL(v, n);
#ifdef CONTINUED
  FILL(v, \
       n);
#endif
}
