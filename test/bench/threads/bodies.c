/* The loop bodies, with external linkage, linked into the directive-IR
   kernels (llvm-link) so that the inliner can inline them after weft has
   outlined the parallel loops. */
#define BODY __attribute__((always_inline))
#include "bodies.h"
