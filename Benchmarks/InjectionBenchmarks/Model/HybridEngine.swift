/// The singleton ``Engine`` of W1, W2, W3 and W5.
final class HybridEngine: Engine {
  let horsepower = 136
}
