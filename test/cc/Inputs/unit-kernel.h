/* A kernel in a header that two units include: each unit's rewrite of it
   must be the same to be compiled in one command (weft-cc serves one copy
   of a header to clang). */
static long unit_kernel(const int *v, int n) {
  long s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static, KERNEL_CHUNK)
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}
