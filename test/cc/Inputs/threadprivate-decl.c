int a, b;
#pragma omp threadprivate(a)
int main(void) { return a + b; }
