#define CHUNK 8
#define SCALE 3
