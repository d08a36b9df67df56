/// `swift run PlistServices`: services configured from a `Services.plist`, reloaded while the
/// app runs.
@main
enum PlistServicesApp {
  static func main() throws {
    try PlistDemo.run { print($0) }
  }
}
