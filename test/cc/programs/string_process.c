// RUN: %weftcc-check %s
// String processing over a char array: parallel case mapping, character class counts, word counting and a rolling hash.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static const char *corpus[] = {
    "It was the best of times, it was the worst of times, it was the age of wisdom,",
    "it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,",
    "it was the season of Light, it was the season of Darkness, it was the spring of hope,",
    "it was the winter of despair, we had everything before us, we had nothing before us.",
};

static char buf[4096];
static char upper[4096];

static int count_char(const char *s, int n, char c) {
  int k = 0;
#pragma omp parallel for reduction(+ : k)
  for (int i = 0; i < n; i++)
    k += s[i] == c;
  return k;
}

int main(void) {
  buf[0] = '\0';
  for (int r = 0; r < 12; r++) {
    strcat(buf, corpus[r % 4]);
    strcat(buf, " ");
  }
  int n = (int)strlen(buf);

#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < n; i++) {
    char c = buf[i];
    upper[i] = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
  }
  upper[n] = '\0';

  int letters = 0, vowels = 0, punct = 0, words = 0;
  unsigned char maxc = 0;
#pragma omp parallel for reduction(+ : letters, vowels, punct, words) reduction(max : maxc)
  for (int i = 0; i < n; i++) {
    char c = upper[i];
    if (c >= 'A' && c <= 'Z') {
      letters++;
      if (strchr("AEIOU", c))
        vowels++;
      if (i == 0 || buf[i - 1] == ' ')
        words++;
      if ((unsigned char)c > maxc)
        maxc = (unsigned char)c;
    } else if (c == ',' || c == '.') {
      punct++;
    }
  }

  int freq[26];
  memset(freq, 0, sizeof freq);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    char c = upper[i];
    if (c >= 'A' && c <= 'Z') {
#pragma omp atomic
      freq[c - 'A']++;
    }
  }

  unsigned long hash = 0;
#pragma omp parallel for reduction(^ : hash)
  for (int i = 0; i < n; i++)
    hash ^= ((unsigned long)(unsigned char)upper[i] * 0x9E3779B97F4A7C15ul) >> (i % 17);

  printf("length=%d letters=%d vowels=%d punct=%d words=%d max=%c\n", n, letters, vowels, punct,
         words, maxc);
  printf("E=%d T=%d W=%d Z=%d spaces=%d\n", freq['E' - 'A'], freq['T' - 'A'], freq['W' - 'A'],
         freq['Z' - 'A'], count_char(buf, n, ' '));
  printf("prefix: %.40s\n", upper);
  printf("hash=%016lx\n", hash);
  return 0;
}
