import InjectionCore

extension GraphExplorer {
  /// The cycles among edges that did not fail: values that need each other legally.
  ///
  /// One path per group of keys that reach each other (a strongly connected component, found
  /// in linear time), starting at its first key in sorted order and following edges in sorted
  /// order inside the group.
  static func allowedCycles(in graph: DependencyGraph) -> [[InjectionKey]] {
    var index: [InjectionKey: Int] = [:]
    index.reserveCapacity(graph.nodes.count)
    for (position, node) in graph.nodes.enumerated() { index[node.key] = position }
    var next = [[Int]](repeating: [], count: graph.nodes.count)
    for edge in graph.edges where !edge.isProblem {
      guard let from = index[edge.from], let to = index[edge.to] else { continue }
      next[from].append(to)
    }
    let components = stronglyConnectedComponents(next)
    var cycles: [(first: Int, path: [InjectionKey])] = []
    for component in components {
      let members = Set(component)
      guard let first = component.min(),
        members.count > 1 || next[first].contains(first)
      else { continue }
      let path = cycle(from: first, within: members, next: next)
      cycles.append((first, path.map { graph.nodes[$0].key }))
    }
    return cycles.sorted { $0.first < $1.first }.map(\.path)
  }

  /// The strongly connected components of the graph `next` (Tarjan's algorithm, without
  /// recursion).
  static func stronglyConnectedComponents(_ next: [[Int]]) -> [[Int]] {
    let count = next.count
    var order = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var components: [[Int]] = []
    var counter = 0
    for start in 0..<count where order[start] < 0 {
      var work: [(node: Int, edge: Int)] = [(start, 0)]
      order[start] = counter
      lowLink[start] = counter
      counter += 1
      stack.append(start)
      onStack[start] = true
      while let (node, edge) = work.last {
        if edge < next[node].count {
          work[work.count - 1].edge += 1
          let successor = next[node][edge]
          if order[successor] < 0 {
            order[successor] = counter
            lowLink[successor] = counter
            counter += 1
            stack.append(successor)
            onStack[successor] = true
            work.append((successor, 0))
          } else if onStack[successor] {
            lowLink[node] = min(lowLink[node], order[successor])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        guard lowLink[node] == order[node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == node { break }
        }
        components.append(component)
      }
    }
    return components
  }

  /// A path from `start` back to it inside `members`, found depth first in sorted edge order.
  private static func cycle(from start: Int, within members: Set<Int>, next: [[Int]]) -> [Int] {
    var visited: Set<Int> = [start]
    var stack: [(node: Int, path: [Int])] = [(start, [start])]
    while let (node, path) = stack.popLast() {
      for successor in next[node].reversed() where members.contains(successor) {
        if successor == start { return path + [start] }
        if visited.insert(successor).inserted { stack.append((successor, path + [successor])) }
      }
    }
    return [start, start]
  }
}
