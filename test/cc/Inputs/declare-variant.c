int gpu_f(int x) { return x + 1; }
int host_f(int x) { return x + 2; }
#pragma omp declare variant(gpu_f) match(device={kind(gpu)})
int f(int x) { return x; }
#ifdef DISPATCH
void g_v(int *p) {}
#pragma omp declare variant(g_v) match(construct={dispatch}) adjust_args(need_device_ptr: p)
void g(int *p) {}
#endif
int main(void) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = f(r);
  return r;
}
