/* weft-cc's threadprivate marker written by hand, naming a variable whose
   address is in another global's initializer (clang refuses this C under
   -fopenmp itself; weft-markers must refuse it too, not miscompile). */
void __weft_cc_threadprivate(const char *, const char *, void *);
static double scratch[8];
double *first = scratch;
void __weft_cc_threadprivate_list(void) { __weft_cc_threadprivate("lib.h:3", "scratch", (void *)&scratch); }
int main(void) { return (int)first[0]; }
