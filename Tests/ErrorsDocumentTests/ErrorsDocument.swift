import Foundation

/// `Documentation/Errors.md`, read into its entries.
///
/// An entry starts at a line `<a id="…"></a>` and runs to the next anchor or the next heading of
/// level 1 to 3; it has a heading (`####`), a `**Cause.**` paragraph, a `**Fix.**` paragraph and
/// one `text` block, the example message.
struct ErrorsDocument {
  /// One entry of the document.
  struct Entry {
    let anchor: String
    let heading: String?
    let cause: String?
    let fix: String?
    /// The contents of the entry's `text` blocks, each without its fences.
    let examples: [String]
  }

  /// The entries, in the order of the document.
  let entries: [Entry]

  /// The entry with `anchor`, if there is one.
  subscript(anchor: String) -> Entry? { entries.first { $0.anchor == anchor } }

  /// The document of this repository, found from this file's path.
  static let repository: ErrorsDocument = {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Documentation/Errors.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      return ErrorsDocument(entries: [])
    }
    return ErrorsDocument(markdown: text)
  }()

  /// Reads the entries of `markdown`.
  init(markdown: String) {
    var entries: [Entry] = []
    var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.append("## (end)")
    var anchor: String?
    var body: [String] = []
    for line in lines {
      let startsAnchor = Self.anchor(in: line)
      let endsEntry =
        startsAnchor != nil || line.hasPrefix("# ") || line.hasPrefix("## ")
        || line.hasPrefix("### ")
      if endsEntry, let current = anchor {
        entries.append(Self.entry(anchor: current, body: body))
        anchor = nil
      }
      if let startsAnchor {
        anchor = startsAnchor
        body = []
      } else if anchor != nil {
        body.append(line)
      }
    }
    self.entries = entries
  }

  private init(entries: [Entry]) { self.entries = entries }

  /// The id of a line `<a id="…"></a>`.
  private static func anchor(in line: String) -> String? {
    let prefix = "<a id=\""
    let suffix = "\"></a>"
    guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
    return String(line.dropFirst(prefix.count).dropLast(suffix.count))
  }

  private static func entry(anchor: String, body: [String]) -> Entry {
    var heading: String?
    var cause: String?
    var fix: String?
    var examples: [String] = []
    var block: [String]?
    for line in body {
      if var lines = block {
        if line == "```" {
          examples.append(lines.joined(separator: "\n"))
          block = nil
        } else {
          lines.append(line)
          block = lines
        }
      } else if line == "```text" {
        block = []
      } else if line.hasPrefix("#### ") {
        heading = String(line.dropFirst(5))
      } else if line.hasPrefix("**Cause.** ") {
        cause = String(line.dropFirst(11))
      } else if line.hasPrefix("**Fix.** ") {
        fix = String(line.dropFirst(9))
      }
    }
    return Entry(anchor: anchor, heading: heading, cause: cause, fix: fix, examples: examples)
  }
}
