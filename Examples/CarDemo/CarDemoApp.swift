import InjectionReflection

/// `swift run CarDemo`: the classic Car/Wheel example of swift-injection.
///
/// `swift run CarDemo --graph` prints the dependency graph of the whole demo as Mermaid text,
/// with a title.
@main
@MainActor
enum CarDemoApp {
  static func main() async {
    if CommandLine.arguments.contains("--graph") {
      print(await Demo.dependencyGraph().mermaid(title: Demo.graphTitle), terminator: "")
    } else {
      await Demo.run(console: StandardOutput())
    }
  }
}
