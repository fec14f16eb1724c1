/* A construct in an included file of a program that declares a mapper
   (test/cc/mapper-refused.test). */
static inline int bump(int x) {
#pragma omp target map(tofrom: x)
  x++;
  return x;
}
