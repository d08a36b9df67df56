/// The observers of one injector, guarded by its `observers` mutex.
struct ResolutionObserverList {
  struct Entry {
    let id: Int
    let observer: @Sendable (ResolutionEvent) -> Void
  }

  var entries: [Entry] = []
  var nextID = 0
}
