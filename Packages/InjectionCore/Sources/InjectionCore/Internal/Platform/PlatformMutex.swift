// The platform's mutex, for ``Lock``: `pthread_mutex_t` (a futex on Linux, whose uncontended lock
// and unlock are one atomic instruction each, and which ThreadSanitizer understands).
//
// Why not `Synchronization.Mutex`: on Linux it records the owner's thread id, which it asks the
// kernel for on every lock and unlock (`syscall(SYS_gettid)`), so each critical section cost two
// system calls: more than the whole budget of a cached resolve. It is also invisible to
// ThreadSanitizer.
#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#elseif canImport(Android)
  internal import Android
#endif

/// A `pthread_mutex_t` at a fixed address, owned by one ``Lock``.
@usableFromInline
struct PlatformMutex: ~Copyable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "InjectionCore: pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Blocks until the calling thread holds the mutex.
  @usableFromInline
  func lock() {
    let status = pthread_mutex_lock(mutex)
    precondition(status == 0, "InjectionCore: pthread_mutex_lock failed with \(status)")
  }

  /// Releases the mutex, which the calling thread holds.
  @usableFromInline
  func unlock() {
    let status = pthread_mutex_unlock(mutex)
    precondition(status == 0, "InjectionCore: pthread_mutex_unlock failed with \(status)")
  }
}
