import Foundation
import InjectionTestHelpers

/// Interrupts threads at arbitrary instructions with a signal whose handler busy-waits 20 µs.
///
/// Some races are only lost by a thread that is paused inside a window a few instructions wide,
/// for example between leaving a read section and retaining what it read. The scheduler pauses a
/// thread there only rarely; a signal every few microseconds makes it common, so such a race
/// fails within seconds instead of minutes.
final class Interrupter: Sendable {
  /// The signal used; nothing else in the process handles it.
  static let signal = SIGUSR2

  private let targets = ThreadList()
  private let isStopped = Flag()
  private let isFinished = Latch(count: 1)

  /// Installs the handler and starts a thread that interrupts every thread in ``enroll()``.
  init() {
    Self.installHandler()
    let targets = self.targets
    let isStopped = self.isStopped
    let isFinished = self.isFinished
    let thread = Thread {
      var pause = timespec(tv_sec: 0, tv_nsec: 20_000)  // plus the timer slack, about 50 µs
      while !isStopped.isSet {
        targets.signalAll(Self.signal)
        nanosleep(&pause, nil)
      }
      isFinished.countDown()
    }
    thread.start()
  }

  /// Makes the calling thread a target until ``withdraw()``.
  func enroll() {
    targets.insert(pthread_self())
  }

  /// Stops interrupting the calling thread; after it returns, no signal is on its way to it.
  func withdraw() {
    targets.remove(pthread_self())
  }

  /// Stops the interrupting thread and waits until it ended.
  func stop() {
    isStopped.set()
    isFinished.wait()
  }

  private static let handlerInstalled: Bool = {
    let handler: @convention(c) (Int32) -> Void = { _ in
      // Busy-waits 20 µs, long enough for another thread to free what the paused one holds;
      // clock_gettime is async-signal-safe.
      var start = timespec()
      clock_gettime(CLOCK_MONOTONIC, &start)
      var now = start
      repeat {
        clock_gettime(CLOCK_MONOTONIC, &now)
      } while (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) < 20_000
    }
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    return sigaction(signal, &action, nil) == 0
  }()

  private static func installHandler() {
    precondition(handlerInstalled, "could not install the handler for signal \(signal)")
  }

  /// The threads to interrupt.
  ///
  /// `@unchecked Sendable`: `threads` is read and written only while `lock` is held, and a
  /// signal is sent only while it is held, so a withdrawn thread gets no signal afterwards.
  private final class ThreadList: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [pthread_t] = []

    func insert(_ thread: pthread_t) {
      lock.lock()
      defer { lock.unlock() }
      threads.append(thread)
    }

    func remove(_ thread: pthread_t) {
      lock.lock()
      defer { lock.unlock() }
      threads.removeAll { $0 == thread }
    }

    func signalAll(_ signal: Int32) {
      lock.lock()
      defer { lock.unlock() }
      for thread in threads {
        pthread_kill(thread, signal)
      }
    }
  }
}
