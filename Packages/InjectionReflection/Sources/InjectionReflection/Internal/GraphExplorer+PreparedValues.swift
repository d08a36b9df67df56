import InjectionCore

extension GraphExplorer {
  /// The keys whose value a copy made with `keepingPreparedValues` shares with the injector it
  /// copies, from `mappings`, the copy's own as it was made: its `.singleton` and
  /// `.eagerSingleton` mappings with an `async` or main-actor factory that the injector had
  /// built (with `prepare()`), which the copy hands out without building them.
  static func sharedValues(in mappings: [MappingSnapshot]) -> [InjectionKey] {
    mappings.filter {
      ($0.recipe == .asyncFactory || $0.recipe == .mainActorFactory)
        && ($0.scope == .singleton || $0.scope == .eagerSingleton)
        && $0.resettableScope == nil && $0.aliasTarget == nil && $0.isBuilt
    }.map(\.key)
  }

  /// The problem for a value that `prepare()` built and that holds an unresolved `@Injected`
  /// property.
  ///
  /// The synchronous form shares that value without building it, and cannot follow the property
  /// (it resolves on its first read, in the app): what it resolves later is not checked. The
  /// error's second line is the fix.
  static func unfollowedPreparedValue(_ key: InjectionKey) -> ValidationProblem {
    .factoryFailed(
      key: key, path: [],
      error: """
        its value was built by prepare(), and holds an @Injected property not resolved yet, so \
        the synchronous validation, which shares the value, cannot check what it resolves later
          fix: validate with await, which builds the value anew and checks what it needs: try \
        await injector.validate(roots: …)
        """)
  }
}
