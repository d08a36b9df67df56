// The one file of InjectionCore that imports the platform's C library, for what the standard
// library and `Synchronization` do not offer:
//
// - a thread-local slot (about 2 ns to read): it lets `@Injected` find the injector that is
//   building its owner without a task-local binding per object (about 50 ns each);
// - a mutex, for ``Lock``: `pthread_mutex_t`, whose uncontended lock and unlock are one atomic
//   instruction each and which ThreadSanitizer understands. `Synchronization.Mutex` on Linux asks
//   the kernel for the owner's thread id on every lock and unlock (`syscall(SYS_gettid)`): two
//   system calls per critical section, more than a whole cached resolve; and ThreadSanitizer
//   cannot see it;
// - `sched_yield` (``yieldThread()``);
// - `pthread_main_np`, for whether the caller runs on the main actor (``isOnMainActor()``) on
//   Apple platforms.
#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#elseif canImport(Android)
  internal import Android
#endif

/// A per-thread slot holding one retained object, released when its thread ends.
enum ThreadLocalSlot {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(status == 0, "InjectionCore: pthread_key_create failed with \(status)")
    return key
  }()

  /// The calling thread's object, or `nil` if none was stored yet.
  static var value: UnsafeMutableRawPointer? {
    pthread_getspecific(key)
  }

  /// Stores `object` for the calling thread; the slot keeps it alive until the thread ends.
  static func store(_ object: AnyObject) {
    let status = pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    precondition(status == 0, "InjectionCore: pthread_setspecific failed with \(status)")
  }
}

/// Gives the processor to another thread: what a thread does while another one finishes
/// publishing an `@Injected` value (two stores away).
func yieldThread() {
  _ = sched_yield()
}

/// A `pthread_mutex_t` at a fixed address, owned by one ``Lock``.
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
  func lock() {
    let status = pthread_mutex_lock(mutex)
    precondition(status == 0, "InjectionCore: pthread_mutex_lock failed with \(status)")
  }

  /// Releases the mutex, which the calling thread holds.
  func unlock() {
    let status = pthread_mutex_unlock(mutex)
    precondition(status == 0, "InjectionCore: pthread_mutex_unlock failed with \(status)")
  }
}

/// Whether the caller runs on the main actor: what a `@MainActor` factory checks before it
/// runs synchronously (never on a cached read).
///
/// On Apple platforms the main actor runs on the main thread, and `pthread_main_np` says whether
/// this is it. Elsewhere the main actor need not run on the process's first thread (under
/// `swift test` on Linux it does not), so the runtime is asked: a cast to a protocol through a
/// conformance isolated to the main actor succeeds only on the main actor (SE-0470).
func isOnMainActor() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    return (MainActorProbe() as Any) is any ConformsOnMainActor
  #endif
}

/// A protocol that ``MainActorProbe`` conforms to only on the main actor.
protocol ConformsOnMainActor {}

/// A value whose conformance to ``ConformsOnMainActor`` is isolated to the main actor.
struct MainActorProbe {}

extension MainActorProbe: @MainActor ConformsOnMainActor {}
