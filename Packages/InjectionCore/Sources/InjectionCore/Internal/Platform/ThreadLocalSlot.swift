// The one file of InjectionCore that imports the platform's C library: the standard library has
// no thread-local storage, and a thread-local slot (about 2 ns to read) is what lets `@Injected`
// find the injector that is building its owner without a task-local binding per object (about
// 50 ns each). Besides the slot, only `sched_yield` is used (``yieldThread()``).
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
