import InjectionCore

/// An error a step threw, by case and key.
enum StepFailure: Error, Hashable, CustomStringConvertible {
  case notMapped(ModelKey)
  case factoryFailed(ModelKey)
  case moduleAlreadyAdded
  /// Any other error, which the model never predicts.
  case unexpected(String)

  var description: String {
    switch self {
    case .notMapped(let key): "notMapped(\(key.code))"
    case .factoryFailed(let key): "factoryFailed(\(key.code))"
    case .moduleAlreadyAdded: "moduleAlreadyAdded"
    case .unexpected(let error): "unexpected \(error)"
    }
  }
}

extension StepFailure {
  /// The failure an error of the library stands for.
  init(_ error: InjectionError) {
    let key = { (key: InjectionKey) in
      ModelKey.all.first { RecipeBook.injectionKey(of: $0) == key }
    }
    switch error {
    case .notMapped(let injectionKey, _, _, _):
      self = key(injectionKey).map(StepFailure.notMapped) ?? .unexpected("\(error)")
    case .factoryFailed(let injectionKey, _, let underlying) where underlying is RecipeFailure:
      self = key(injectionKey).map(StepFailure.factoryFailed) ?? .unexpected("\(error)")
    case .moduleAlreadyAdded: self = .moduleAlreadyAdded
    default: self = .unexpected("\(error)")
    }
  }
}
