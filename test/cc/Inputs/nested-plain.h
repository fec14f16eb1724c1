/* Code of a construct of headers-nested.c, included into it, without
   pragmas: the variable it writes must stay shared. */
if (omp_get_thread_num() == 0)
  first = 42;
