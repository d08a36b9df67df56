/// A property whose value an injector provides.
///
/// ```swift
/// final class Car: Injectable {
///   @Injected var engine: Engine
///   @Injected(named: "spare") var spare: Wheel
///   @Injected var radio: Radio?  // nil when nothing is mapped
///   init() {}
/// }
/// ```
///
/// **Which injector.** The property remembers the injector that was building its owner when the
/// owner was created; if none was, the injector that was ``Injector/current`` then. It never
/// looks at whatever is current when it is first read.
///
/// **When.** When an injector builds the owner, it resolves every `@Injected` property before it
/// calls the owner's hook and before it returns, so a missing mapping is a thrown
/// ``InjectionError`` with the whole path. An owner created by your own code (`Car()`) resolves
/// each property on its first read; if that fails, the program stops with the same diagnostic.
/// After that, a read takes no lock: an atomic load and a field read.
///
/// **Types.** Works in classes, structs and actors. A `Sendable` class cannot hold it (its
/// storage is a `var`); there, take dependencies in `init` and resolve them with
/// ``Injector/resolve(_:named:)-8za4a``. `Injected` is `Sendable` when its value is, and
/// concurrent first reads are safe: they all see one value.
///
/// **Memory.** An owner built by an injector holds that injector weakly until its properties are
/// resolved, so singletons never keep their injector alive. An owner created by your code holds
/// the then-current injector strongly until its properties are resolved.
@propertyWrapper
public struct Injected<Value> {
  /// The storage: a strong reference, so that the language keeps it alive for every read, also
  /// when the read is the last use of the owner (`Car().engine`).
  @usableFromInline let cell: InjectedCell<Value>

  /// The resolved value.
  ///
  /// Resolves it on the first read if that has not happened yet.
  @inlinable public var wrappedValue: Value {
    // A resolved read is an acquiring load and a field read.
    cell.value
  }

  /// The resolved value, for a dependency declared as a constant instead of a wrapped
  /// property: `let database = Injected<any Database>()`, read as `database.value`.
  ///
  /// The same read as ``wrappedValue``. A class that must be `Sendable` (a singleton shared
  /// across threads) cannot hold an `@Injected var`: the language stores a property wrapper in
  /// a `var` (`'_database' is mutable`). It can hold `Injected` as a `let`, which is `Sendable`
  /// when its value is, because its storage is published once, atomically.
  @inlinable public var value: Value { cell.value }

  /// The resolved value of a property declared in a class (or an actor): what the language
  /// calls instead of ``wrappedValue`` there.
  ///
  /// A resolved read is the owner's field read, an acquiring load and the value's copy: the
  /// storage is read without retaining it. Sound by the language's rules, not by what the
  /// optimizer emits: `instance` is kept alive to the end (`withExtendedLifetime`), it holds the
  /// storage in its stored property, and nothing writes that property during the read (the
  /// resolved path runs no code but these loads, and a write from another thread would be a data
  /// race on the owner); so the storage outlives the borrowed reference, which is what
  /// `_withUnsafeGuaranteedRef` asks. The first read, which runs resolution (user code), takes a
  /// strong reference first.
  ///
  /// - Parameters:
  ///   - instance: The object that declares the property.
  ///   - wrappedKeyPath: The property (unused).
  ///   - storageKeyPath: The property's storage in `instance`.
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: KeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: KeyPath<EnclosingSelf, Self>
  ) -> Value {
    let cell = Unmanaged.passUnretained(instance[keyPath: storageKeyPath].cell)
    return withExtendedLifetime(instance) {
      if cell._withUnsafeGuaranteedRef({ $0.isPublished }) {
        return cell._withUnsafeGuaranteedRef { $0.resolved }
      }
      return cell.takeUnretainedValue().resolveOnFirstRead()
    }
  }

  /// A property for the unnamed or named mapping of `Value`.
  ///
  /// - Parameters:
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - owner: The type that declares the property (the language passes its name as
  ///     `#function`); used in diagnostics.
  ///   - file: Where the property is declared; used in diagnostics.
  ///   - line: Where the property is declared; used in diagnostics.
  @_disfavoredOverload  // the Injectable and Optional forms win when they apply
  @inlinable
  public init(
    named name: String? = nil, owner: StaticString = #function, file: StaticString = #fileID,
    line: UInt = #line
  ) {
    // The cell's class is named here, where `Value` is known: its metadata comes from the
    // caller's cache, not from a lookup by the unspecialized initializer.
    self.init(cell: InjectedCell<Value>.self, name: name, owner: owner, file: file, line: line)
  }

  /// A property for an ``Injectable`` type, created automatically when it is not mapped.
  ///
  /// - Parameters:
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - owner: The type that declares the property (the language passes its name as
  ///     `#function`); used in diagnostics.
  ///   - file: Where the property is declared; used in diagnostics.
  ///   - line: Where the property is declared; used in diagnostics.
  @inlinable
  public init(
    named name: String? = nil, owner: StaticString = #function, file: StaticString = #fileID,
    line: UInt = #line
  )
  where Value: Injectable {
    // The cell's class is named here, where `Value` is known: its metadata comes from the
    // caller's cache, not from a lookup by the unspecialized initializer.
    self.init(cell: InjectableCell<Value>.self, name: name, owner: owner, file: file, line: line)
  }

  /// An optional property: `nil` when nothing is mapped for `Wrapped`.
  ///
  /// - Parameters:
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - owner: The type that declares the property (the language passes its name as
  ///     `#function`); used in diagnostics.
  ///   - file: Where the property is declared; used in diagnostics.
  ///   - line: Where the property is declared; used in diagnostics.
  @inlinable
  public init<Wrapped>(
    named name: String? = nil, owner: StaticString = #function, file: StaticString = #fileID,
    line: UInt = #line
  )
  where Value == Wrapped? {
    // The cell's class is named here, where `Value` is known: its metadata comes from the
    // caller's cache, not from a lookup by the unspecialized initializer.
    self.init(cell: OptionalCell<Wrapped>.self, name: name, owner: owner, file: file, line: line)
  }

  /// A property for every value contributed to a collection, as
  /// ``Injector/resolveAll(_:named:)`` returns them: empty when nothing was contributed.
  ///
  /// ```swift
  /// final class Logger: Injectable {
  ///   @Injected(all: (any LogDestination).self) var destinations: [any LogDestination]
  ///   init() {}
  /// }
  /// ```
  ///
  /// The collection is resolved once, like any `@Injected` property: contributions made later
  /// are not added to a value already resolved.
  ///
  /// - Parameters:
  ///   - elementType: The collection's element type.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  ///   - owner: The type that declares the property (the language passes its name as
  ///     `#function`); used in diagnostics.
  ///   - file: Where the property is declared; used in diagnostics.
  ///   - line: Where the property is declared; used in diagnostics.
  @inlinable
  public init<Element>(
    all elementType: Element.Type, named name: String? = nil, owner: StaticString = #function,
    file: StaticString = #fileID, line: UInt = #line
  )
  where Value == [Element] {
    // The cell's class is named here, where `Value` is known: its metadata comes from the
    // caller's cache, not from a lookup by the unspecialized initializer.
    self.init(cell: CollectionCell<Element>.self, name: name, owner: owner, file: file, line: line)
  }

  /// A property for every entry of a keyed collection, as
  /// ``Injector/resolveAll(_:keyedBy:named:)`` returns them: empty when nothing was
  /// contributed.
  ///
  /// ```swift
  /// final class Importer: Injectable {
  ///   @Injected(all: (any Parser).self, keyedBy: String.self) var parsers: [String: any Parser]
  ///   init() {}
  /// }
  /// ```
  ///
  /// The dictionary is resolved once, like any `@Injected` property: entries contributed later
  /// are not added to a value already resolved. To build one entry at a time, declare a
  /// ``Provider`` of the element type and call it with a key (`try makeParser(forKey: "json")`).
  ///
  /// - Parameters:
  ///   - elementType: The collection's element type.
  ///   - keyType: The type of the keys the entries were contributed under.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  ///   - owner: The type that declares the property (the language passes its name as
  ///     `#function`); used in diagnostics.
  ///   - file: Where the property is declared; used in diagnostics.
  ///   - line: Where the property is declared; used in diagnostics.
  @inlinable
  public init<EntryKey: Hashable & Sendable, Element>(
    all elementType: Element.Type, keyedBy keyType: EntryKey.Type, named name: String? = nil,
    owner: StaticString = #function, file: StaticString = #fileID, line: UInt = #line
  )
  where Value == [EntryKey: Element] {
    // The cell's class is named here, where `Value` is known: its metadata comes from the
    // caller's cache, not from a lookup by the unspecialized initializer.
    self.init(
      cell: KeyedCollectionCell<EntryKey, Element>.self, name: name, owner: owner, file: file,
      line: line)
  }
}

extension Injected {
  /// A property whose storage is a new `cellType`; out of line, so that an app compiles only
  /// the call (see `Documentation/DesignDecisions.md`, "The build path").
  @usableFromInline
  init(
    cell cellType: InjectedCell<Value>.Type, name: String?, owner: StaticString,
    file: StaticString, line: UInt
  ) {
    cell = cellType.init(name: name, site: DeclarationSite(owner: owner, file: file, line: line))
  }
}

extension Injected: Sendable where Value: Sendable {}
