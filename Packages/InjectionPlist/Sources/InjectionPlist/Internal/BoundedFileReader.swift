import Foundation

/// Reads a file without ever reading more than a limit plus one byte.
enum BoundedFileReader {
  /// The file's bytes, when there are no more than `limit`.
  ///
  /// A regular file's size is checked before anything is read; then at most `limit + 1` bytes
  /// are read, so that a file that grew meanwhile, or a device or pipe that has no size, is
  /// refused without reading the rest.
  static func read(_ url: URL, limit: Int, source: String) throws(PlistError) -> Data {
    func failure(_ kind: PlistError.Problem.Kind) -> PlistError {
      PlistError(problems: [.init(file: source, keyPath: "", kind: kind)])
    }
    if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > limit {
      throw failure(.fileTooLarge(size: size, limit: limit))
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw failure(.unreadable(path: url.path, reason: reason(error)))
    }
    guard data.count <= limit else { throw failure(.fileTooLarge(size: nil, limit: limit)) }
    return data
  }

  /// Why a file could not be read, in words.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError {
      switch error.code {
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission: return "permission denied"
      case .fileReadTooLarge: return "the file is too large"
      case .fileReadCorruptFile: return "the file is corrupt"
      default: return "error \(error.code.rawValue)"
      }
    }
    if let error = error as? POSIXError {
      switch error.code {
      case .ENOENT: return "no such file"
      case .EACCES: return "permission denied"
      case .EISDIR: return "it is a directory"
      default: return "error \(error.code.rawValue)"
      }
    }
    return "\(error)"
  }
}
