import InjectionCore

/// W12: a request scope, as a server that follows the per-request child-injector pattern pays it.
///
/// Make a child injector, map two request values in it, resolve a handler that needs three
/// singletons of the parent and two transients, drop the child. One thread, then two threads
/// serving requests at the same time (wall ns over the requests of both); against the same work
/// by hand. Then, on one thread, requests that also own two disposable values (a connection and
/// a transaction built with it, singletons of the child) and end with the child's
/// `shutdownSynchronously()`, against the same objects disposed by hand. Then the memory: the
/// heap in use and the resident set before and after ``Plan/memoryRequests`` more requests,
/// which must stay flat.
enum W12RequestScope {
  static let id = "W12"
  static let threads = 2
  /// The user name every request maps; built once, so that no request allocates a string.
  private static let userName = "request-user"

  /// What the memory check measured.
  struct MemoryFigure {
    let requests: Int
    let before: MemoryProbe
    let after: MemoryProbe

    /// Growth of the heap in use, in bytes per request; `nil` where it cannot be read.
    var heapBytesPerRequest: Double? {
      guard let before = before.heapBytes, let after = after.heapBytes else { return nil }
      return Double(after - before) / Double(requests)
    }

    /// Growth of the resident set over the whole run, in bytes.
    var residentGrowth: Int? {
      guard let before = before.residentBytes, let after = after.residentBytes else { return nil }
      return after - before
    }
  }

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> (
    figures: [WorkloadFigure], memory: MemoryFigure
  ) {
    let requests = plan.requests
    let server = HandWiredServer()
    let parent = try W12Mappings.makeParent()

    let baseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: requests) {
        for number in 0..<requests {
          blackhole.consume(handleByHand(server, number: number))
        }
      }
    }
    let injection = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: requests) {
        for number in 0..<requests {
          blackhole.consume(try handle(parent, number: number))
        }
      }
    }

    let baselineTwo = try plan.repetitions.median {
      try onTwoThreads(requests: requests, into: &blackhole) { number in
        handleByHand(server, number: number)
      }
    }
    let injectionTwo = try plan.repetitions.median {
      try onTwoThreads(requests: requests, into: &blackhole) { number in
        try handle(parent, number: number)
      }
    }

    W12Mappings.mapDisposingHandler(on: parent)
    try checkDisposal(parent)
    let baselineDisposed = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: requests) {
        for number in 0..<requests {
          blackhole.consume(
            server.disposingHandler(
              id: RequestID(number: number), user: RequestUser(name: userName))
          )
        }
      }
    }
    let injectionDisposed = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: requests) {
        for number in 0..<requests {
          blackhole.consume(try handleDisposing(parent, number: number))
        }
      }
    }

    let before = MemoryProbe.now()
    for number in 0..<plan.memoryRequests {
      blackhole.consume(try handle(parent, number: number))
    }
    let memory = MemoryFigure(requests: plan.memoryRequests, before: before, after: .now())

    let figures = [
      WorkloadFigure(
        id: id,
        title: "a request: make a child, map 2 values, resolve a handler (3 singletons, 2 "
          + "transients), drop the child",
        baseline: baseline, injection: injection, variant: "one-thread"),
      WorkloadFigure(
        id: id, title: "the same on two threads at once (wall ns / all requests of both)",
        baseline: baselineTwo, injection: injectionTwo, variant: "two-threads"),
      WorkloadFigure(
        id: id,
        title: "a request that owns 2 disposed values (singletons of the child), ended by "
          + "shutdownSynchronously()",
        baseline: baselineDisposed, injection: injectionDisposed, variant: "disposed"),
    ]
    return (figures, memory)
  }

  /// One request through a child injector of `parent`.
  @inline(never)
  static func handle(_ parent: Injector, number: Int) throws -> RequestHandler {
    let child = parent.makeChild()
    child.map(RequestID.self, to: RequestID(number: number))
    child.map(RequestUser.self, to: RequestUser(name: userName))
    return try child.resolve(RequestHandler.self)
  }

  /// One request of the disposed variant: the child maps the request values and the two
  /// disposable singletons, resolves the handler, and its shutdown disposes them (transaction
  /// first).
  @inline(never)
  static func handleDisposing(_ parent: Injector, number: Int) throws -> DisposingRequestHandler {
    let child = parent.makeChild()
    child.map(RequestID.self, to: RequestID(number: number))
    child.map(RequestUser.self, to: RequestUser(name: userName))
    child.map(RequestConnection.self, scope: .singleton) { _ in RequestConnection() }
    child.map(RequestTransaction.self, scope: .singleton) {
      RequestTransaction(connection: try $0.resolve())
    }
    let served = try child.resolve(DisposingRequestHandler.self)
    try child.shutdownSynchronously()
    return served
  }

  /// Fails unless a request of the disposed variant disposes both of its values.
  private static func checkDisposal(_ parent: Injector) throws {
    let served = try handleDisposing(parent, number: 0)
    guard served.transaction.isCommitted, served.transaction.connection.isClosed else {
      throw BenchmarkFailure("W12 disposed: the request's values were not disposed")
    }
  }

  /// One request by hand.
  @inline(never)
  static func handleByHand(_ server: HandWiredServer, number: Int) -> RequestHandler {
    server.handler(id: RequestID(number: number), user: RequestUser(name: userName))
  }

  /// Two threads serving `requests` each at once; wall ns over the requests of both.
  private static func onTwoThreads(
    requests: Int, into blackhole: inout Blackhole,
    _ body: @escaping @Sendable (Int) throws -> RequestHandler
  ) throws -> Double {
    let results = BatchResults()
    let timing = ThreadBatch.run(count: threads) { _ in
      var local = Blackhole()
      do {
        for number in 0..<requests {
          local.consume(try body(number))
        }
      } catch {
        results.record(error)
      }
      results.add(local)
    }
    try results.check()
    blackhole.absorb(results.sum)
    return timing.wall.nanoseconds / Double(threads * requests)
  }
}
