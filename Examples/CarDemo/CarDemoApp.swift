import InjectionReflection

/// `swift run CarDemo`: the classic Car/Wheel example of swift-injection.
///
/// `swift run CarDemo --graph` prints the dependency graph of the demo's injector, with its
/// garage, as Mermaid text.
@main
@MainActor
enum CarDemoApp {
  static func main() async {
    if CommandLine.arguments.contains("--graph") {
      print(Demo.dependencyGraph().mermaid, terminator: "")
    } else {
      await Demo.run(console: StandardOutput())
    }
  }
}
