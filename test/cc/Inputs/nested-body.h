/* The body of a construct of headers-nested.c, included into it: its own
   construct is this file's, inside the including file's construct. */
#pragma omp for reduction(+ : sum)
for (int i = 0; i < 100; i++)
  sum += i;
