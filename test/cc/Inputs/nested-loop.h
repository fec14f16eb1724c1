for (int i = 0; i < 100; i++)
  sum += i;
