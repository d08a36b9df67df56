/// W11's unmapped class: no injector maps it, and it is not `Injectable`, so resolving it misses.
final class Absent {
  init() {}
}
