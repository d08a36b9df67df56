import Foundation

/// W6's singleton: its `init` counts itself and takes about 1 ms, so that racing resolutions
/// overlap it.
final class SlowEngine: Engine {
  let horsepower = 90

  init(counter: InitCounter) {
    counter.increment()
    Thread.sleep(forTimeInterval: 0.001)
  }
}
