import InjectionCore

/// W3's object: it reads its engine through `@Injected`.
final class Dashboard: Injectable {
  @Injected var engine: any Engine

  init() {}
}
