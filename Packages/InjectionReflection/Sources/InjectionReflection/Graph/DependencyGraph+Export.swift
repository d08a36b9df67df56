import InjectionCore

extension DependencyGraph {
  /// The graph in Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`.
  ///
  /// Each node shows its key, scope and owner; each edge goes from the key that needs a
  /// dependency to the dependency, labeled with the `@Injected` property where there is one.
  /// Missing keys and the edges of problems are red; roots have a double border.
  ///
  /// - Parameter graphTitle: The graph's name; the injector's label by default.
  /// - Returns: The DOT text, the same for the same graph.
  public func dot(title graphTitle: String? = nil) -> String {
    var text = ExportText(capacity: 100 * (nodes.count + edges.count))
    text.append("digraph ")
    text.appendQuoted(graphTitle ?? injector)
    text.append(" {\n  rankdir=LR;\n  node [shape=box];\n")
    for (index, node) in nodes.enumerated() {
      text.append("  ")
      text.appendQuoted(nodeTitles[index])
      text.append(" [label=\"")
      text.appendEscaped(nodeTitles[index])
      text.append("\\n")
      text.appendEscaped(detail(of: node))
      text.append("\"")
      if node.isRoot { text.append(", peripheries=2") }
      if node.isProblem { text.append(", color=red, fontcolor=red") }
      text.append("];\n")
    }
    for (index, edge) in edges.enumerated() {
      let (from, to) = (edgeEnds[2 * index], edgeEnds[2 * index + 1])
      text.append("  ")
      text.appendQuoted(from >= 0 ? nodeTitles[from] : title(of: edge.from))
      text.append(" -> ")
      text.appendQuoted(to >= 0 ? nodeTitles[to] : title(of: edge.to))
      switch (edge.property, edge.isProblem) {
      case (nil, false): break
      case (let property?, false):
        text.append(" [label=")
        text.appendQuoted(property)
        text.append("]")
      case (nil, true): text.append(" [color=red, fontcolor=red]")
      case (let property?, true):
        text.append(" [label=")
        text.appendQuoted(property)
        text.append(", color=red, fontcolor=red]")
      }
      text.append(";\n")
    }
    text.append("}\n")
    return text.string
  }

  /// The graph as a Mermaid flowchart, without a title; the same as ``mermaid(title:)`` with
  /// `nil`.
  public var mermaid: String { mermaid(title: nil) }

  /// The graph as a Mermaid flowchart, which code hosts render in Markdown (a ` ```mermaid `
  /// block).
  ///
  /// The same content as ``dot(title:)``: problems are drawn in red, roots with a thick
  /// border. A title goes into Mermaid's front matter (`---` / `title: …` / `---`) above
  /// `graph LR`.
  ///
  /// - Parameter graphTitle: The diagram's title, or `nil` for none.
  /// - Returns: The Mermaid text, the same for the same graph.
  public func mermaid(title graphTitle: String?) -> String {
    var text = ExportText(capacity: 80 * (nodes.count + edges.count))
    if let graphTitle {
      text.append("---\ntitle: \(Self.frontMatterText(graphTitle))\n---\n")
    }
    text.append("graph LR\n")
    for (index, node) in nodes.enumerated() {
      text.append("  n")
      text.append(number: index)
      text.append("[\"")
      text.appendMermaidText(nodeTitles[index])
      text.append("<br/>")
      text.appendMermaidText(detail(of: node))
      text.append("\"]")
      if node.isProblem {
        text.append(":::problem")
      } else if node.isRoot {
        text.append(":::root")
      }
      text.append("\n")
    }
    var problemLinks: [Int] = []
    var link = 0
    for (index, edge) in edges.enumerated() {
      let (from, to) = (edgeEnds[2 * index], edgeEnds[2 * index + 1])
      guard from >= 0, to >= 0 else { continue }
      text.append("  n")
      text.append(number: from)
      if let property = edge.property {
        text.append(" -->|")
        text.appendMermaidText(property)
        text.append("| n")
      } else {
        text.append(" --> n")
      }
      text.append(number: to)
      text.append("\n")
      if edge.isProblem { problemLinks.append(link) }
      link += 1
    }
    text.append("  classDef problem stroke:#d00,color:#d00\n")
    if nodes.contains(where: { $0.isRoot && !$0.isProblem }) {
      text.append("  classDef root stroke-width:3px\n")
    }
    if !problemLinks.isEmpty {
      text.append("  linkStyle \(problemLinks.map(String.init).joined(separator: ",")) ")
      text.append("stroke:#d00,color:#d00\n")
    }
    return text.string
  }

  /// A title on one line of front matter, quoted so that a colon or a `#` stays text.
  private static func frontMatterText(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result + "\""
  }
}

/// The text of an export, written as UTF-8 bytes into one buffer: an export of 10,000 nodes
/// makes one string, not several per label.
struct ExportText {
  private var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is.
  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends a number in decimal.
  mutating func append(number: Int) {
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Appends `text` as a DOT string, in quotes.
  mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(text)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `text` for inside a DOT string: quotes, backslashes and line breaks escaped.
  mutating func appendEscaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      default: bytes.append(byte)
      }
    }
  }

  /// Appends `text` for inside a quoted Mermaid label or an edge label: the characters Mermaid
  /// reads as syntax become entity codes.
  mutating func appendMermaidText(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: "#quot;".utf8)
      case UInt8(ascii: "<"): bytes.append(contentsOf: "#lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "#gt;".utf8)
      case UInt8(ascii: "|"): bytes.append(contentsOf: "#124;".utf8)
      default: bytes.append(byte)
      }
    }
  }
}
