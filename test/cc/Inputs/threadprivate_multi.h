/* Block-scope threadprivate statics in a header (which weft-cc rewrites in
   a pass of its own), declared several to a declaration: `scratch` and
   `mine` per thread, `visits` shared. -DSHARED_MULTI leaves them shared:
   the program must then print something else. */
static int header_check(int me) {
  static int scratch, visits = 0, mine[3];
#ifndef SHARED_MULTI
#pragma omp threadprivate(scratch, mine)
#endif
  scratch = me * 7 + 1;
  mine[me % 3] = me;
#pragma omp barrier
  int bad = scratch != me * 7 + 1 || mine[me % 3] != me;
#pragma omp atomic
  visits++;
#pragma omp barrier
  return bad;
}
