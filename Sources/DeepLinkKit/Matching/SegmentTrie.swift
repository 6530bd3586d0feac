/// A trie of route patterns, one level per path segment.
///
/// Matching walks one branch per segment and tries, at each node, the literal child, then the
/// typed parameter children, the untyped parameter child, the `*` child and the `*name` catch-all,
/// backtracking when a preferred branch fails further right. Its cost depends on the link's length
/// and the branching of the patterns it shares a prefix with, never on the number of routes that
/// cannot match. Registration order plays no part: two patterns of the same shape (same literals,
/// same kinds of parameter in the same places) land on the same node, which is a conflict.
struct SegmentTrie: Sendable {
  private struct Node: Sendable {
    var literals: [String: Int] = [:]
    var int: Int?
    var uuid: Int?
    var parameter: Int?
    var wildcard: Int?
    /// The route that ends here.
    var terminal: Int?
    /// The route whose catch-all starts here.
    var catchAll: Int?
    /// The most segments any route through this node still consumes; `Int.max` past a catch-all.
    var maxRemaining = 0
  }

  private var nodes = [Node()]
  let isCaseSensitive: Bool

  init(isCaseSensitive: Bool, expectedRoutes: Int = 0) {
    self.isCaseSensitive = isCaseSensitive
    nodes.reserveCapacity(1 + expectedRoutes * 2)  // most routes add one or two nodes
  }

  /// Adds a pattern for `route`.
  ///
  /// - Returns: The route already registered with the same shape, if any (and then nothing is added).
  mutating func insert(_ pattern: RoutePattern, route: Int) -> Int? {
    var path = [0]
    path.reserveCapacity(pattern.segments.count + 1)
    var node = 0
    for segment in pattern.segments {
      let next: Int
      switch segment {
      case .literal(let text):
        let key = literalKey(text)
        if let existing = nodes[node].literals[key] {
          next = existing
        } else {
          next = addNode()
          nodes[node].literals[key] = next
        }
      case .parameter(_, let type): next = child(of: node, type == .int ? .int : type == .uuid ? .uuid : .parameter)
      case .wildcard: next = child(of: node, .wildcard)
      case .catchAll:
        if let existing = nodes[node].catchAll { return existing }
        nodes[node].catchAll = route
        for visited in path { nodes[visited].maxRemaining = .max }
        return nil
      }
      node = next
      path.append(node)
    }
    if let existing = nodes[node].terminal { return existing }
    nodes[node].terminal = route
    for (depth, visited) in path.enumerated() {
      let remaining = path.count - 1 - depth
      nodes[visited].maxRemaining = max(nodes[visited].maxRemaining, remaining)
    }
    return nil
  }

  /// The route that `segments` match, by the precedence rules.
  ///
  /// - Parameter checkingTypes: When `false`, typed parameters accept any segment; used to tell a
  ///   link whose parameter has the wrong type from one that matches no route at all.
  func match(_ segments: [String], checkingTypes: Bool = true) -> Int? {
    search(node: 0, at: 0, in: segments, checkingTypes: checkingTypes)
  }

  private func search(node index: Int, at position: Int, in segments: [String], checkingTypes: Bool) -> Int? {
    let node = nodes[index]
    let remaining = segments.count - position
    if remaining == 0 { return node.terminal }
    guard remaining <= node.maxRemaining else { return nil }
    let segment = segments[position]
    let next = position + 1
    if let child = node.literals[literalKey(segment)],
      let found = search(node: child, at: next, in: segments, checkingTypes: checkingTypes)
    {
      return found
    }
    if let child = node.int, !checkingTypes || RoutePattern.ParameterType.int.accepts(segment),
      let found = search(node: child, at: next, in: segments, checkingTypes: checkingTypes)
    {
      return found
    }
    if let child = node.uuid, !checkingTypes || RoutePattern.ParameterType.uuid.accepts(segment),
      let found = search(node: child, at: next, in: segments, checkingTypes: checkingTypes)
    {
      return found
    }
    if let child = node.parameter,
      let found = search(node: child, at: next, in: segments, checkingTypes: checkingTypes)
    {
      return found
    }
    if let child = node.wildcard,
      let found = search(node: child, at: next, in: segments, checkingTypes: checkingTypes)
    {
      return found
    }
    return node.catchAll
  }

  private func literalKey(_ text: String) -> String {
    isCaseSensitive ? text : text.lowercased()
  }

  private mutating func addNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }

  private enum Slot { case int, uuid, parameter, wildcard }

  /// The child in `slot`, created if needed. (A switch, not a key path: key-path access was a
  /// measurable part of building a large table.)
  private mutating func child(of node: Int, _ slot: Slot) -> Int {
    let existing: Int? =
      switch slot {
      case .int: nodes[node].int
      case .uuid: nodes[node].uuid
      case .parameter: nodes[node].parameter
      case .wildcard: nodes[node].wildcard
      }
    if let existing { return existing }
    let created = addNode()
    switch slot {
    case .int: nodes[node].int = created
    case .uuid: nodes[node].uuid = created
    case .parameter: nodes[node].parameter = created
    case .wildcard: nodes[node].wildcard = created
    }
    return created
  }
}
