/// Modules one thread is adding, whose mappings only it sees while their eager singletons are
/// built; the innermost last.
///
/// Owned by ``ResolutionContext``; only `Injector.addModule` stages and unstages. Each entry
/// holds its injector, so that a lookup compares live objects.
struct StagedModules {
  private var modules: [(injector: Injector, mappings: [Key: AnyRegistration])] = []

  mutating func stage(_ mappings: [Key: AnyRegistration], for injector: Injector) {
    modules.append((injector, mappings))
  }

  mutating func unstage() {
    modules.removeLast()
  }

  /// The registration of `key` in a module this thread is adding to `injector`.
  func registration(for key: Key, in injector: Injector) -> AnyRegistration? {
    for module in modules.reversed() where module.injector === injector {
      if let registration = module.mappings[key] { return registration }
    }
    return nil
  }
}
