// RUN: %weftcc-check %s
// Bitwise reductions & | ^ on unsigned, unsigned long, char and short.
#include <stdio.h>
#include <stdint.h>

#define N 4096

static uint32_t words[N];

static unsigned xor_all(const uint32_t *w, int n) {
  unsigned x = 0;
#pragma omp parallel for schedule(static, 64) reduction(^ : x)
  for (int i = 0; i < n; i++)
    x ^= w[i];
  return x;
}

int main(void) {
  uint32_t s = 2463534242u;
  for (int i = 0; i < N; i++) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    words[i] = s;
  }

  unsigned all_and = 0xffffffffu, all_or = 0;
#pragma omp parallel for reduction(& : all_and) reduction(| : all_or)
  for (int i = 0; i < N; i++) {
    all_and &= words[i] | 0x80000001u;
    all_or |= words[i] & 0x0f0f0f0fu;
  }

  unsigned long mask = 0;
#pragma omp parallel for reduction(| : mask)
  for (int i = 0; i < N; i++)
    mask |= 1ul << (words[i] % 61);

  char cx = 0;
#pragma omp parallel for reduction(^ : cx)
  for (int i = 0; i < N; i++)
    cx ^= (char)((words[i] >> 9) & 0x7f);

  short sa = (short)0x7fff;
#pragma omp parallel for reduction(& : sa)
  for (int i = 0; i < N; i++)
    sa &= (short)((words[i] >> 3) | 0x4c31);

  short so = 0;
#pragma omp parallel for reduction(| : so)
  for (int i = 0; i < 12; i++)
    so |= (short)(1 << i);

  printf("and  = 0x%08x\n", all_and);
  printf("or   = 0x%08x\n", all_or);
  printf("xor  = 0x%08x\n", xor_all(words, N));
  printf("mask = 0x%016lx\n", mask);
  printf("char xor = %d\n", (int)cx);
  printf("short and = 0x%04x short or = 0x%04x\n", (unsigned)(unsigned short)sa,
         (unsigned)(unsigned short)so);
  return 0;
}
