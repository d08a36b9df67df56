import InjectionCore

extension DependencyGraph {
  /// The graph in Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`.
  ///
  /// Each node shows its key, scope and owner; each edge goes from the key that needs a
  /// dependency to the dependency, labeled with the `@Injected` property where there is one.
  /// Missing keys and the edges of problems are red.
  ///
  /// - Parameter graphTitle: The graph's name; the injector's label by default.
  /// - Returns: The DOT text, the same for the same graph.
  public func dot(title graphTitle: String? = nil) -> String {
    let name = graphTitle ?? injector
    var lines = ["digraph \(Self.quoted(name)) {", "  rankdir=LR;", "  node [shape=box];"]
    for node in nodes {
      let (caption, detail) = caption(of: node)
      let style = node.isProblem ? ", color=red, fontcolor=red" : ""
      lines.append(
        "  \(Self.quoted(caption)) [label=\(Self.quoted("\(caption)\n\(detail)"))\(style)];")
    }
    for edge in edges {
      var attributes: [String] = []
      if let property = edge.property { attributes.append("label=\(Self.quoted(property))") }
      if edge.isProblem { attributes.append("color=red, fontcolor=red") }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      lines.append(
        "  \(Self.quoted(title(of: edge.from))) -> \(Self.quoted(title(of: edge.to)))\(suffix);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph as a Mermaid flowchart, which code hosts render in Markdown (a ` ```mermaid `
  /// block).
  ///
  /// The same content as ``dot(title:)``; problems are drawn in red.
  public var mermaid: String {
    var ids: [InjectionKey: String] = [:]
    for (index, node) in nodes.enumerated() { ids[node.key] = "n\(index)" }
    var lines = ["graph LR"]
    for node in nodes {
      let (caption, detail) = caption(of: node)
      let label = "\(Self.mermaidText(caption))<br/>\(Self.mermaidText(detail))"
      lines.append("  \(ids[node.key] ?? "")[\"\(label)\"]\(node.isProblem ? ":::problem" : "")")
    }
    var problemLinks: [Int] = []
    for (index, edge) in edges.enumerated() {
      guard let from = ids[edge.from], let to = ids[edge.to] else {
        continue
      }
      let arrow = edge.property.map { "-->|\(Self.mermaidText($0))|" } ?? "-->"
      lines.append("  \(from) \(arrow) \(to)")
      if edge.isProblem { problemLinks.append(index) }
    }
    lines.append("  classDef problem stroke:#d00,color:#d00")
    if !problemLinks.isEmpty {
      lines.append(
        "  linkStyle \(problemLinks.map(String.init).joined(separator: ",")) stroke:#d00,color:#d00"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  private static func mermaidText(_ text: String) -> String {
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
}
