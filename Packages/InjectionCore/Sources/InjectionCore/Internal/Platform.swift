// The one file of InjectionCore that imports the platform's C library, for what the standard
// library and `Synchronization` do not offer:
//
// - a thread-local slot (about 2 ns to read): it lets `@Injected` find the injector that is
//   building its owner without a task-local binding per object (about 50 ns each);
// - a mutex, for ``Lock``: one atomic word, locked and unlocked inline, whose waiters park on
//   a `pthread_mutex_t` and `pthread_cond_t` of a shared ``ParkingLot``. `Synchronization.Mutex`
//   on Linux asks the kernel for the owner's thread id on every lock and unlock
//   (`syscall(SYS_gettid)`): two system calls per critical section, more than a whole cached
//   resolve; and ThreadSanitizer cannot see its futex;
// - `sched_yield` (``yieldThread()``);
// - `pthread_main_np`, for whether the caller runs on the main actor (``isOnMainActor()``) on
//   Apple platforms.
import Synchronization

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

/// A mutex that is one atomic word: what every ``Lock`` and every build's gate is.
///
/// Uncontended, `lock()` is one compare-and-exchange and `unlock()` one exchange, both inline:
/// no call into the C library, no allocation per mutex. A thread that finds the mutex held spins
/// briefly (critical sections of the registry are a few dozen instructions), then parks in one of
/// ``ParkingLot``'s buckets until an `unlock` wakes it.
///
/// The word is 0 when unlocked, 1 when locked, 2 when locked and a thread may be parked. The
/// acquiring exchange that takes the mutex and the releasing exchange that gives it back order
/// the critical sections of all threads, as the standard library's `Mutex` does with the same
/// atomics: whatever a thread reads or copies inside its critical section (a retain of a value
/// taken from the state) happens before the next owner's writes, because it is sequenced before
/// the releasing exchange. See `Documentation/DesignDecisions.md`, "Why one internal `Lock`".
struct PlatformMutex: ~Copyable {
  private let word = Atomic<UInt32>(0)

  init() {}

  /// Blocks until the calling thread holds the mutex.
  @inline(__always)
  func lock() {
    if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      lockContended()
    }
  }

  /// Releases the mutex, which the calling thread holds, and wakes the parked threads, if any.
  @inline(__always)
  func unlock() {
    if word.exchange(0, ordering: .releasing) == 2 {
      ParkingLot.wakeAll(for: bucket)
    }
  }

  /// The bucket of ``ParkingLot`` where threads that wait for this mutex park.
  ///
  /// From the word's address, which cannot change: an `Atomic` lives at a fixed address for its
  /// whole life, and a thread computes it only while it holds or waits for the mutex, so the
  /// owner of the word is alive. Two mutexes that share a bucket only wake each other's threads
  /// in vain; each thread checks its own word again.
  private var bucket: Int {
    withUnsafePointer(to: word) { ParkingLot.bucket(of: UnsafeRawPointer($0)) }
  }

  @inline(never)
  private func lockContended() {
    for _ in 0..<ParkingLot.spins {
      if word.load(ordering: .relaxed) == 0,
        word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
    }
    // Mark the word "a thread may be parked" whenever taking it fails: the thread that holds it
    // then wakes the bucket when it unlocks. The exchange and the check run with the bucket's
    // mutex held, and `unlock` takes that mutex before it wakes anyone, so the wake-up cannot
    // come between the check and the wait.
    ParkingLot.park(in: bucket) {
      word.exchange(2, ordering: .acquiring) != 0
    }
  }
}

/// Where threads wait for a held ``PlatformMutex``: 64 pairs of a `pthread_mutex_t` and a
/// `pthread_cond_t`, chosen by the address of the mutex's word, made once per process.
enum ParkingLot {
  /// How many times a thread checks a held mutex before it parks.
  static let spins = 100

  /// One bucket's mutex and condition variable, at fixed addresses as POSIX requires.
  private struct Bucket {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
  }

  /// The buckets, allocated and initialized once and never freed.
  // @unchecked Sendable: the pointer is written once, by the `static let` initializer (which
  // the runtime runs exactly once, before any reader sees it), and never changes; what it points
  // to is only touched through `pthread_mutex_*` and `pthread_cond_*`, which are thread-safe.
  private struct Buckets: @unchecked Sendable {
    let base: UnsafeMutablePointer<Bucket>
  }

  private static let count = 64

  private static let buckets: Buckets = {
    let base = UnsafeMutablePointer<Bucket>.allocate(capacity: count)
    for index in 0..<count {
      (base + index).initialize(to: Bucket())
      let mutexStatus = pthread_mutex_init(&base[index].mutex, nil)
      precondition(mutexStatus == 0, "InjectionCore: pthread_mutex_init failed with \(mutexStatus)")
      let conditionStatus = pthread_cond_init(&base[index].condition, nil)
      precondition(
        conditionStatus == 0, "InjectionCore: pthread_cond_init failed with \(conditionStatus)")
    }
    return Buckets(base: base)
  }()

  /// The bucket for a mutex's word at `address`.
  static func bucket(of address: UnsafeRawPointer) -> Int {
    // Words are at least 4-byte aligned, and most mutexes live in objects 16-byte aligned.
    Int(truncatingIfNeeded: (UInt(bitPattern: address) >> 4) & UInt(count - 1))
  }

  /// Waits in bucket `index` for as long as `mustWait` says, which runs with the bucket's
  /// mutex held, before each wait.
  static func park(in index: Int, while mustWait: () -> Bool) {
    let bucket = buckets.base + index
    pthread_mutex_lock(&bucket.pointee.mutex)
    while mustWait() {
      pthread_cond_wait(&bucket.pointee.condition, &bucket.pointee.mutex)
    }
    pthread_mutex_unlock(&bucket.pointee.mutex)
  }

  /// Wakes every thread parked in bucket `index`.
  static func wakeAll(for index: Int) {
    let bucket = buckets.base + index
    pthread_mutex_lock(&bucket.pointee.mutex)
    pthread_cond_broadcast(&bucket.pointee.condition)
    pthread_mutex_unlock(&bucket.pointee.mutex)
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
