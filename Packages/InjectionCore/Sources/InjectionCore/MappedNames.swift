import Synchronization

extension InjectionError {
  /// The names that a key's type is mapped with in the injectors a resolution searched: `nil`
  /// for its unnamed mapping first, then the names in alphabetical order.
  ///
  /// Taken when a resolution misses, at the cost of a reference per injector (the names are
  /// kept per type as the mappings change), and sorted only when first read, such as when the
  /// error's message is rendered: code that probes keys with `try?` pays for none of it.
  ///
  /// ```swift
  /// if case .notMapped(_, _, _, let names) = error, names.contains("primary") { … }
  /// ```
  public struct MappedNames: Sendable, Equatable, RandomAccessCollection,
    ExpressibleByArrayLiteral, CustomStringConvertible
  {
    private let storage: Storage
    /// The injector whose miss these names describe, held weakly: the message looks in it and
    /// its ancestors for other types of the missing key's name only when it is rendered.
    private weak let searched: Injector?

    /// These names, in this order.
    public init(_ names: [String?]) {
      storage = Storage(sorted: names)
      searched = nil
    }

    /// These names, in this order.
    public init(arrayLiteral names: String?...) {
      self.init(names)
    }

    /// The names kept for a key's type in each searched injector, sorted when first read.
    ///
    /// `searched` is the injector the miss started from; only a weak reference to it is taken
    /// (no list, no scan), for ``keysOfOtherTypes(namedLike:)``.
    init(hasUnnamed: Bool, named: [Set<String>], searched: Injector) {
      self.searched = searched
      guard hasUnnamed || !named.isEmpty else {
        storage = Storage.none  // the common miss: a type not mapped at all
        return
      }
      storage = Storage(hasUnnamed: hasUnnamed, named: named)
    }

    /// The keys mapped, in the searched injector and its ancestors, of types other than `key`'s
    /// whose name code writes the same (`Engine` from another module), in the order of their
    /// descriptions.
    ///
    /// Read when a message is rendered, not when the miss happens: it reflects the mappings
    /// at that moment, and is empty once the searched injector is released. One pass over the
    /// mappings of each injector of the chain.
    func keysOfOtherTypes(namedLike key: InjectionKey) -> [InjectionKey] {
      var found: [InjectionKey] = []
      var seen: Set<InjectionKey> = []
      var next = searched
      let name = key.unqualifiedTypeName
      while let injector = next {
        // Keys only under the mutex; their names are written out after it is unlocked.
        let keys = injector.registry.withLock { registry in
          var keys: [Key] = []
          registry.active.forEachRegistration { keys.append($0.key) }
          return keys
        }
        for candidate in keys.map(\.publicKey)
        where candidate.unqualifiedTypeName == name && candidate.typeName != key.typeName
          && seen.insert(candidate).inserted
        {
          found.append(candidate)
        }
        next = injector.parent
      }
      return found.sorted { $0.description(qualified: true) < $1.description(qualified: true) }
    }

    /// The names, unnamed first, then alphabetical.
    public var names: [String?] { storage.sorted }

    /// The position of the first name.
    public var startIndex: Int { 0 }

    /// The position after the last name.
    public var endIndex: Int { names.count }

    /// The name at `position`: `nil` for the unnamed mapping.
    public subscript(position: Int) -> String? { names[position] }

    /// The names as an array literal would write them.
    public var description: String { names.description }

    /// Whether both hold the same names in the same order.
    public static func == (lhs: MappedNames, rhs: MappedNames) -> Bool {
      lhs.names == rhs.names
    }
  }
}

extension InjectionError.MappedNames {
  /// The names as taken, and their sorted form once it is made.
  fileprivate final class Storage: Sendable {
    private let hasUnnamed: Bool
    private let named: [Set<String>]
    /// The sorted names, made on the first read: set once, with a compare-and-exchange.
    private let cache = AtomicLazyReference<Sorted>()

    /// The names of a type that is not mapped at all, shared by every such miss.
    static let none = Storage(sorted: [])

    /// Sorted names, as a reference for ``AtomicLazyReference``.
    private final class Sorted: Sendable {
      let names: [String?]

      init(_ names: [String?]) {
        self.names = names
      }
    }

    init(sorted: [String?]) {
      hasUnnamed = false
      named = []
      _ = cache.storeIfNil(Sorted(sorted))
    }

    init(hasUnnamed: Bool, named: [Set<String>]) {
      self.hasUnnamed = hasUnnamed
      self.named = named
    }

    var sorted: [String?] {
      if let sorted = cache.load() { return sorted.names }
      var all = Set<String>()
      for names in named { all.formUnion(names) }
      let sorted: [String?] = (hasUnnamed ? [nil] : []) + all.sorted()
      return cache.storeIfNil(Sorted(sorted)).names
    }
  }
}
