/// How the keys of one message are written: as code writes their types (`Engine`), except
/// where two different types in the message would read the same; those are module-qualified.
struct KeyNames {
  private let qualified: Set<String>

  init(_ keys: [InjectionKey]) {
    var typesByName: [String: Set<String>] = [:]
    for key in keys { typesByName[key.unqualifiedTypeName, default: []].insert(key.typeName) }
    qualified = Set(typesByName.values.filter { $0.count > 1 }.flatMap { $0 })
  }

  /// The key: its type, then `named "…"` for a name.
  subscript(key: InjectionKey) -> String {
    key.description(qualified: qualified.contains(key.typeName))
  }

  /// The key's type alone.
  func type(of key: InjectionKey) -> String {
    qualified.contains(key.typeName) ? key.typeName : key.unqualifiedTypeName
  }

  /// The key's type as code writes it where a type goes (`any Engine`), qualified as here.
  func typeInCode(of key: InjectionKey) -> String {
    key.typeInCode(qualified: qualified.contains(key.typeName))
  }

  /// The expression that names the key's type (`(any Engine).self`), qualified as here.
  func metatypeInCode(of key: InjectionKey) -> String {
    key.metatypeInCode(qualified: qualified.contains(key.typeName))
  }

  /// A resolution path, `A -> B -> C`, or `resolve(A)` for a path of one key.
  func render(_ path: [InjectionKey]) -> String {
    guard path.count > 1 else { return path.first.map { "resolve(\(self[$0]))" } ?? "resolve" }
    return path.map { self[$0] }.joined(separator: " -> ")
  }
}
