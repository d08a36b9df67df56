/// The `isMapped` questions the checker asks after a step: the keys the step can change, on
/// the injectors that can see the change.
///
/// `map` and `unmap` change one key, a module step the keys of its modules, on the injector and
/// every injector below it, so those keys are asked of every injector; a new child or copy is
/// asked about every key.
struct MappingProbe: Hashable, Sendable {
  /// The keys to ask about, in ``ModelKey/all`` order.
  let keys: [ModelKey]
  /// The injector to ask, or `nil` to ask every injector.
  let injector: Int?

  /// The probe after `step` of `scenario`.
  init(after step: ModelStep, in scenario: Scenario) {
    let moduleKeys = { (modules: [Int]) in
      Set(modules.flatMap { scenario.module($0).entries.map(\.key) }).sorted()
    }
    switch step {
    case .map(let key, _, _), .unmap(let key, _): (keys, injector) = ([key], nil)
    case .addModule(let module, _), .removeModule(let module, _):
      (keys, injector) = (moduleKeys([module]), nil)
    case .replaceModule(let old, let new, _): (keys, injector) = (moduleKeys([old, new]), nil)
    case .removeEveryModule: (keys, injector) = (ModelKey.all, nil)
    case .makeChild(let created, _), .makeCopy(let created, _, _):
      (keys, injector) = (ModelKey.all, created)
    case .resolve, .resolveOptional, .isMapped, .hasModule: (keys, injector) = ([], nil)
    }
  }

  /// Asks `isMapped` of each key on the probed injectors among `injectors`.
  ///
  /// - Returns: For each injector asked, by number, the keys it reports as mapped.
  func answers(
    injectors: some Sequence<Int>, isMapped: (ModelKey, Int) -> Bool
  ) -> [Int: [ModelKey]] {
    guard !keys.isEmpty else { return [:] }
    var answers: [Int: [ModelKey]] = [:]
    for asked in injectors where injector == nil || injector == asked {
      answers[asked] = keys.filter { isMapped($0, asked) }
    }
    return answers
  }
}
