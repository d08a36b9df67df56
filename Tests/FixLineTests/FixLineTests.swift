import Foundation
import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import InjectionTestSupport
import Synchronization
import Testing

/// Every kind of message that prints a fix line, from every module that prints code: each line
/// of code it prints must be one that `PastedFixLines.swift` pastes, which compiles with
/// ExistentialAny.
@Suite struct PastedFixLineTests {
  @Test func everyFixLineOfInjectionCoresMessagesIsPastedAndCompiles() async throws {
    var messages: [String] = []
    let injector = Injector(label: "fix lines")
    func miss(_ resolve: (Injector) throws -> Void) {
      do {
        try resolve(injector)
      } catch {
        messages.append("\(error)")
      }
    }
    miss { _ = try $0.resolve((any Database).self) }  // a protocol
    miss { _ = try $0.resolve(Settings.self) }  // a struct
    injector.map((any Database).self, named: "primary") { _ in PostgresDatabase() }
    miss { _ = try $0.resolve((any Database).self, named: "primay") }  // did you mean
    miss { _ = try $0.resolve((any Database).self) }  // mapped only with names
    injector.map(InjectionTestHelpers.Odometer.self) { _ in InjectionTestHelpers.Odometer() }
    miss { _ = try $0.resolve(Odometer.self) }  // a type of the same name in another module
    injector.map((any Greeter).self, taking: String.self) { _, name in LocalGreeter(name: name) }
    miss { _ = try $0.resolve((any Greeter).self) }  // arguments expected
    injector.map((any Database).self) { _ in PostgresDatabase() }
    miss { _ = try $0.resolve((any Database).self, arguments: 1) }  // no arguments expected
    let asynchronous = Injector(label: "async")
    asynchronous.map((any Database).self, scope: .singleton) { _ in
      await Task.yield()
      return PostgresDatabase()
    }
    miss { _ in _ = try asynchronous.resolve((any Database).self) }  // an async factory
    let isolated = Injector(label: "main actor")
    isolated.map((any Router).self, scope: .singleton) { @MainActor _ in AppRouter() }
    let offMainActor = await Task.detached { () -> String? in
      do throws(InjectionError) {
        _ = try isolated.resolve((any Router).self)
        return nil
      } catch {
        return error.description
      }
    }.value
    messages.append(try #require(offMainActor))

    try expectPasted(messages, count: 9)
  }

  @Test func everyFixLineOfAValidationCaptiveDependencyIsPastedAndCompiles() throws {
    let app = Injector(label: "app")
    app.map(Connection.self, scope: .weak) { _ in Connection() }
    app.map(Connection.self, named: "scratch", scope: .graph) { _ in Connection() }
    app.map(Connection.self, named: "request", scope: .resettable(RequestScope.self)) { _ in
      Connection()
    }
    app.map(Settings.self) { _ in Settings() }
    app.map(QueryCache.self, scope: .singleton) {  // keeps a .weak value
      QueryCache(holding: try $0.resolve(Connection.self))
    }
    app.map(QueryCache.self, named: "eager", scope: .eagerSingleton) {  // keeps a .graph value
      QueryCache(holding: try $0.resolve(Connection.self, named: "scratch"))
    }
    // Keeps a value of another scope.
    app.map(QueryCache.self, named: "s", scope: .resettable(SessionScope.self)) {
      QueryCache(holding: try $0.resolve(Connection.self, named: "request"))
    }
    app.map(QueryCache.self, named: "settings", scope: .singleton) {  // overridden below
      QueryCache(holding: try $0.resolve(Settings.self))
    }
    let child = app.makeChild(label: "request")
    child.map(Settings.self) { _ in Settings() }

    let report = child.validationReport()

    let messages = report.problems.filter { $0.kind == .captiveDependency }.map(\.description)
    try expectPasted(messages, count: 4)
  }

  @Test func everyFixLineOfAFailingInjectedReadIsPastedAndCompiles() async throws {
    let unbound = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = CheckoutView().database
    }
    let mapped = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let injector = Injector(label: "maps the view")
      injector.map(ReceiptView.self) { _ in ReceiptView() }
      _ = withInjector(injector) { ReceiptView() }.database
    }

    let messages = [unbound, mapped].map {
      String(decoding: $0?.standardErrorContent ?? [], as: UTF8.self)
    }
    try expectPasted(messages, count: 2)
    #expect(messages[0].contains("withInjector(injector) { CheckoutView(…) }"))
    #expect(!messages[0].contains("resolve(CheckoutView.self)"))
    #expect(messages[1].contains("try injector.resolve(ReceiptView.self)"))
  }

  @Test func everyFixLineOfInjectionTestSupportsMessagesIsPastedAndCompiles() async throws {
    let app = Injector(label: "app")
    app.map((any Database).self) { _ in PostgresDatabase() }
    app.map(Settings.self, named: "eu") { _ in Settings() }
    let messages = Mutex<[String]>([])
    // Known issue: strict mode fails the test once per key; the fix lines are read from those failures.
    withKnownIssue {
      withTestInjector(from: app, .strict) { scope in  // strict mode: one failure per key
        _ = try? scope.injector.resolve((any Database).self)
        _ = try? scope.injector.resolve(Settings.self, named: "eu")
      }
      withTestInjector(from: app) {  // placeholders
        $0.mapPlaceholder((any Database).self) { PostgresDatabase() }
        $0.mapPlaceholder((any Database).self, named: "replica \"b\"") { PostgresDatabase() }
      } operation: { scope in
        _ = try? scope.injector.resolve((any Database).self)
        _ = try? scope.injector.resolve((any Database).self, named: "replica \"b\"")
      }
      withTestInjector(from: Injector(label: "empty")) { scope in  // a base that maps nothing
        _ = try? scope.injector.resolve(Settings.self)
      }
      withTestInjector(from: app, .prepared) { _ in }  // preparing in a synchronous scope
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }

    try expectPasted(messages.withLock { $0 }, count: 6)
  }
}

extension PastedFixLineTests {
  @Test func everyFixLineOfInjectionReflectionsMessagesIsPastedAndCompiles() async throws {
    let injector = Injector(label: "fix lines")
    injector.map((any Greeter).self, taking: String.self) { _, name in LocalGreeter(name: name) }
    injector.map((any Greeter).self, named: "formal", taking: String.self) { _, name in
      LocalGreeter(name: name)
    }
    injector.map((any Database).self, scope: .singleton) { _ in
      await Task.yield()
      return PostgresDatabase()
    }
    injector.map((any Router).self, scope: .singleton) { @MainActor _ in AppRouter() }
    let messages = [synchronousReport(of: injector), await injector.validationReport()]
      .flatMap(\.problemMessages)

    // Sync: the async database, the main-actor router (validated off the main actor) and both
    // greeters; async: both greeters.
    try expectPasted(messages, count: 6)
  }
}

/// The synchronous validation's report (an `async` test would choose the `async` form).
private func synchronousReport(of injector: Injector) -> ValidationReport {
  injector.validationReport()
}

/// Checks that `messages` are `count` messages and that every line of code they print is pasted
/// in `PastedFixLines.swift`.
private func expectPasted(
  _ messages: [String], count: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  #expect(messages.count == count, sourceLocation: sourceLocation)
  let pasted = try pastedLines()
  var spans = 0
  for message in messages {
    let code = codeSpans(in: message)
    #expect(!code.isEmpty, "no code in: \(message)", sourceLocation: sourceLocation)
    for span in code {
      spans += 1
      let pattern = try Regex(
        "^(?:_ = |let \\w+ = |let \\w+: )?"
          + span.split(separator: "…", omittingEmptySubsequences: false)
          .map { escapedForRegex(String($0)) }.joined(separator: ".*?")
          + "(?: = .+)?$")
      #expect(
        pasted.contains { $0.wholeMatch(of: pattern) != nil },
        "not pasted in PastedFixLines.swift: \(span)\nfrom: \(message)",
        sourceLocation: sourceLocation)
    }
  }
  #expect(spans >= count, sourceLocation: sourceLocation)
}

/// The lines of `PastedFixLines.swift`, trimmed.
private func pastedLines() throws -> [Substring] {
  let path = #filePath.replacing("FixLineTests.swift", with: "PastedFixLines.swift")
  let text = try String(contentsOfFile: path, encoding: .utf8)
  return text.split(separator: "\n").map { $0.drop { $0 == " " } }
}

/// The code a message prints: each span that starts like a call the library suggests and ends
/// where its brackets close (a closure after it included).
func codeSpans(in message: String) -> [String] {
  let starts = [
    "try await injector.", "try injector.", "injector.map(", "withInjector(", "withTestInjector(",
    ".strict(", "$0.map(", ".injecting(", "override var ", "Provider<", "try await scope.",
    "try await provider.", ".sample(", ".unchecked(",
  ]
  var spans: [String] = []
  var index = message.startIndex
  while index < message.endIndex {
    guard let start = starts.first(where: { message[index...].hasPrefix($0) }) else {
      index = message.index(after: index)
      continue
    }
    var end = message.index(index, offsetBy: start.count)
    end = closing(message, from: end, opened: start.last == "(" ? 1 : 0, angle: start.last == "<")
    // A closure after the call, `{ _ in … }`.
    if message[end...].hasPrefix(" {") {
      end = closing(message, from: message.index(end, offsetBy: 2), braces: 1)
    }
    spans.append(String(message[index..<end]))
    index = end
  }
  return spans
}

/// Where the brackets open before `index` close, scanning from `index`: round and curly ones, or
/// one angle bracket; for none open, the end of the first bracketed group.
private func closing(
  _ text: String, from index: String.Index, opened: Int = 0, braces: Int = 0, angle: Bool = false
) -> String.Index {
  var depth = opened + braces + (angle ? 1 : 0)
  var sawOpen = depth > 0
  var index = index
  var inString = false
  while index < text.endIndex {
    let character = text[index]
    index = text.index(after: index)
    if character == "\\" && inString, index < text.endIndex {
      index = text.index(after: index)
      continue
    }
    if character == "\"" { inString.toggle() }
    if inString { continue }
    switch character {
    case "(", "{":
      depth += 1
      sawOpen = true
    case "<" where angle:
      depth += 1
    case ")", "}":
      depth -= 1
    case ">" where angle:
      depth -= 1
    case "\n" where !sawOpen:
      return text.index(before: index)
    default: break
    }
    if sawOpen, depth == 0 { return index }
  }
  return index
}

/// `text` with every character that a regular expression reads as syntax escaped.
private func escapedForRegex(_ text: String) -> String {
  var escaped = ""
  for character in text {
    if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
    escaped.append(character)
  }
  return escaped
}
