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
    let titles = nodes.map { title(of: $0.key) }
    var ids: [InjectionKey: Int] = [:]
    ids.reserveCapacity(nodes.count)
    for (index, node) in nodes.enumerated() { ids[node.key] = index }
    var text = "digraph \(Self.quoted(graphTitle ?? injector)) {\n  rankdir=LR;\n"
    text += "  node [shape=box];\n"
    text.reserveCapacity(80 * (nodes.count + edges.count))
    for (index, node) in nodes.enumerated() {
      let detail = detail(of: node)
      text += "  \(Self.quoted(titles[index])) [label=\(Self.quoted("\(titles[index])\n\(detail)"))"
      if node.isRoot { text += ", peripheries=2" }
      if node.isProblem { text += ", color=red, fontcolor=red" }
      text += "];\n"
    }
    for edge in edges {
      let from = ids[edge.from].map { titles[$0] } ?? title(of: edge.from)
      let to = ids[edge.to].map { titles[$0] } ?? title(of: edge.to)
      text += "  \(Self.quoted(from)) -> \(Self.quoted(to))"
      switch (edge.property, edge.isProblem) {
      case (nil, false): break
      case (let property?, false): text += " [label=\(Self.quoted(property))]"
      case (nil, true): text += " [color=red, fontcolor=red]"
      case (let property?, true):
        text += " [label=\(Self.quoted(property)), color=red, fontcolor=red]"
      }
      text += ";\n"
    }
    text += "}\n"
    return text
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
    var ids: [InjectionKey: Int] = [:]
    ids.reserveCapacity(nodes.count)
    for (index, node) in nodes.enumerated() { ids[node.key] = index }
    var text = ""
    text.reserveCapacity(60 * (nodes.count + edges.count))
    if let graphTitle {
      text += "---\ntitle: \(Self.frontMatterText(graphTitle))\n---\n"
    }
    text += "graph LR\n"
    for (index, node) in nodes.enumerated() {
      text += "  n\(index)[\"\(Self.mermaidText(title(of: node.key)))<br/>"
      text += "\(Self.mermaidText(detail(of: node)))\"]"
      if node.isProblem {
        text += ":::problem"
      } else if node.isRoot {
        text += ":::root"
      }
      text += "\n"
    }
    var problemLinks: [Int] = []
    var link = 0
    for edge in edges {
      guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
      if let property = edge.property {
        text += "  n\(from) -->|\(Self.mermaidText(property))| n\(to)\n"
      } else {
        text += "  n\(from) --> n\(to)\n"
      }
      if edge.isProblem { problemLinks.append(link) }
      link += 1
    }
    text += "  classDef problem stroke:#d00,color:#d00\n"
    if nodes.contains(where: { $0.isRoot && !$0.isProblem }) {
      text += "  classDef root stroke-width:3px\n"
    }
    if !problemLinks.isEmpty {
      text += "  linkStyle \(problemLinks.map(String.init).joined(separator: ",")) "
      text += "stroke:#d00,color:#d00\n"
    }
    return text
  }

  /// `text` as a DOT string: in quotes, with quotes, backslashes and line breaks escaped.
  ///
  /// Works on UTF-8 bytes: every label has a line break, and a `Character` loop over 10,000
  /// labels cost more than the rest of the export.
  private static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Text inside a quoted Mermaid label or an edge label: the characters Mermaid reads as
  /// syntax become entity codes.
  private static func mermaidText(_ text: String) -> String {
    guard
      text.utf8.contains(where: { $0 == 0x22 || $0 == 0x3C || $0 == 0x3E || $0 == 0x7C })
    else { return text }
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "|": result += "#124;"
      default: result.append(character)
      }
    }
    return result
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
