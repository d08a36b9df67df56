import InjectionCore
import Synchronization

// W12's disposed variant: each request also owns two values with a teardown, a connection and a
// transaction built with it, mapped as singletons of the request's child injector and disposed
// (transaction first) when the request ends: by the child's `shutdownSynchronously()`, or by
// hand in reverse order.

/// A request's connection, closed when the request ends.
final class RequestConnection: InjectionDisposable, Sendable {
  private let closed = Atomic<Bool>(false)

  init() {}

  /// Whether it was closed.
  var isClosed: Bool { closed.load(ordering: .relaxed) }

  func dispose() {
    closed.store(true, ordering: .relaxed)
  }
}

/// A request's transaction on its connection, committed when the request ends.
final class RequestTransaction: InjectionDisposable, Sendable {
  let connection: RequestConnection
  private let committed = Atomic<Bool>(false)

  init(connection: RequestConnection) {
    self.connection = connection
  }

  /// Whether it was committed.
  var isCommitted: Bool { committed.load(ordering: .relaxed) }

  func dispose() {
    committed.store(true, ordering: .relaxed)
  }
}

/// What a request of the disposed variant resolves: W12's handler and the two owned values.
final class DisposingRequestHandler: Sendable {
  let handler: RequestHandler
  let transaction: RequestTransaction

  init(handler: RequestHandler, transaction: RequestTransaction) {
    self.handler = handler
    self.transaction = transaction
  }
}

extension HandWiredServer {
  /// A request of the disposed variant by hand: the same objects, then the two teardowns in
  /// reverse order of creation.
  @inline(never)
  func disposingHandler(id: RequestID, user: RequestUser) -> DisposingRequestHandler {
    let connection = makeConnection()
    let transaction = makeTransaction(connection)
    let served = DisposingRequestHandler(
      handler: handler(id: id, user: user), transaction: transaction)
    transaction.dispose()
    connection.dispose()
    return served
  }

  @inline(never) private func makeConnection() -> RequestConnection { RequestConnection() }
  @inline(never) private func makeTransaction(_ connection: RequestConnection)
    -> RequestTransaction
  {
    RequestTransaction(connection: connection)
  }
}

extension W12Mappings {
  /// Maps the disposed variant's handler on W12's parent.
  static func mapDisposingHandler(on parent: Injector) {
    parent.map(DisposingRequestHandler.self) {
      try DisposingRequestHandler(handler: $0.resolve(), transaction: $0.resolve())
    }
  }
}
