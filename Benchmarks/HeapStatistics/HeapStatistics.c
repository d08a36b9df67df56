#include "HeapStatistics.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)

long long heap_statistics_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (long long)info.uordblks;
}
#else
long long heap_statistics_bytes_in_use(void) { return -1; }
#endif
