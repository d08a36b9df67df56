// The heap's bytes in use, for W4's bytes per mapping. glibc's `mallinfo2` is not part of the
// Swift Glibc module, so this small C target reads it.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

/// Bytes in allocated heap chunks (glibc `mallinfo2().uordblks`), or -1 where the platform's
/// allocator does not say.
long long heap_statistics_bytes_in_use(void);

#endif
