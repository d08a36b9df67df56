import Foundation

/// Progress and errors go to standard error, so that standard output holds only the report.
enum Console {
  static func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
