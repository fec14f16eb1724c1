/* Declarative directives in a header, each switched on by a macro: weft-cc
   must lower each or refuse it by name, with this file and line. */
#ifdef SYSTEM
#pragma GCC system_header
#endif
#ifdef UDR
#pragma omp declare reduction(maxi : int : omp_out = omp_out > omp_in ? omp_out : omp_in) initializer(omp_priv = 0)
#endif
#ifdef REQUIRES
#pragma omp requires atomic_default_mem_order(seq_cst)
#endif
#ifdef TARGET
#pragma omp declare target
int on_device;
#pragma omp end declare target
#endif
#ifdef LOCAL_STATIC
static int counter(void) {
  static int calls;
#pragma omp threadprivate(calls)
  return ++calls;
}
#endif
#ifdef EXEC
static void fill(int *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v[i] = i;
}
#endif
#ifdef VARIANT
#pragma omp begin declare variant match(construct = {parallel})
static int in_parallel(void) { return 1; }
#pragma omp end declare variant
#endif
#ifdef EXPLICIT_VARIANT
static int twice(int x) { return 2 * x; }
#pragma omp declare variant(twice) match(implementation = {vendor(llvm)})
static int once(int x) { return x; }
#endif
