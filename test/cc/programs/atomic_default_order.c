// RUN: %weftcc-check %s
// RUN: %weftcc -fopenmp-version=51 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SEQ
// RUN: %weftcc -fopenmp-version=51 -DACQ_REL -S -emit-llvm %s -o - | FileCheck %s --check-prefix=ACQ
// RUN: %weftcc -fopenmp-version=51 -DACQ_REL -O1 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefix=ACQ
// WEFT-CC-FLAGS: -fopenmp-version=51
// requires atomic_default_mem_order: every atomic that states no memory
// order takes the file's default (OpenMP 5.1 §2.19.7; acq_rel: acquire on
// a read, release on a write or an update, acq_rel on a capture), one that
// states one keeps it. A message passed through a flag: the consumer's
// acquiring read of the flag sees the producer's data, which the
// producer's releasing write published; run, the data read after the flag
// is the serial program's. (The order itself is checked in the directive
// IR: which order an atomic gets cannot be told from one run.)
// SEQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.SEQ_CST"()
// SEQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.SEQ_CST"()
// SEQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.SEQ_CST"()
// SEQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.SEQ_CST"()
// SEQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.RELAXED"()
// ACQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.RELEASE"()
// ACQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.ACQUIRE"()
// ACQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.RELEASE"()
// ACQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.ACQ_REL"()
// ACQ: "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.RELAXED"()
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#ifdef ACQ_REL
#pragma omp requires atomic_default_mem_order(acq_rel)
#else
#pragma omp requires atomic_default_mem_order(seq_cst)
#endif

int main(void) {
  int data = 0, flag = 0, count = 0, seen = -1, last = 0;
#pragma omp parallel num_threads(2) shared(data, flag, count, seen, last)
  {
#ifdef _OPENMP
    int me = omp_get_thread_num();
#else
    int me = 0;
#endif
    if (me == 0) {
      data = 42;
#pragma omp atomic write
      flag = 1;
    }
    {
      int f = 0;
      // (Each thread waits for the flag: with one thread, its own write.)
      while (!f) {
#pragma omp atomic read
        f = flag;
      }
#pragma omp atomic
      count += 1;
      int old;
#pragma omp atomic capture
      {
        old = last;
        last += 2;
      }
      (void)old;
#pragma omp atomic relaxed
      seen += data == 42;
    }
  }
  // (Each thread that ran counted once, added 2 and saw the data.)
  printf("per thread: count %d last %d seen %d\n", count / count, last / count, (seen + 1) / count);
  return 0;
}
