import InjectionReflection

/// `swift run CarDemo`: the classic Car/Wheel example of swift-injection.
///
/// `swift run CarDemo --graph` prints the dependency graph of the demo's injector, with its
/// garage, as Mermaid text.
@main
enum CarDemoApp {
  static func main() {
    if CommandLine.arguments.contains("--graph") {
      print(Demo.dependencyGraph().mermaid, terminator: "")
    } else {
      Demo.run(console: StandardOutput())
    }
  }
}
