import InjectionCore

/// The types the model-based sequences map, one per kind of ``ModelKey``, each carrying the
/// ``Stamp`` of its build.
enum ModelServices {
  /// A value mapped under the protocol key `any Service`.
  protocol Service: AnyObject, Sendable {
    var stamp: Stamp { get }
  }

  /// What the `Service` mappings build.
  final class ServiceValue: Service {
    let stamp: Stamp

    init(stamp: Stamp) {
      self.stamp = stamp
    }
  }

  /// A final class key.
  final class Tool: Sendable {
    let stamp: Stamp

    init(stamp: Stamp) {
      self.stamp = stamp
    }
  }

  /// An `Injectable` key: resolving its unnamed key creates one when nothing maps it.
  final class Widget: Injectable, Sendable {
    let stamp: Stamp

    init() {
      stamp =
        BuildLedger.current?.automaticStamp()
        ?? Stamp(tag: 0, builder: "", path: [], ordinal: 0, dependencies: [])
    }

    init(stamp: Stamp) {
      self.stamp = stamp
    }
  }
}

/// The error a failing recipe's factory throws.
struct RecipeFailure: Error {
  let tag: Int
}
