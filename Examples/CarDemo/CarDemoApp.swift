/// `swift run CarDemo`: the classic Car/Wheel example of swift-injection.
@main
enum CarDemoApp {
  static func main() {
    Demo.run(console: StandardOutput())
  }
}
