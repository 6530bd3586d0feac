import Foundation

/// A link's path segments as bytes (percent-decoded): views into the link's own bytes, or into a
/// buffer its escaped segments were decoded into.
typealias SegmentBytes = UnsafeBufferPointer<UInt8>

/// A trie of route patterns, one level per path segment.
///
/// Matching walks one branch per segment and tries, at each node, the literal child, then the
/// typed parameter children, the untyped parameter child, the `*` child and the `*name` catch-all,
/// backtracking when a preferred branch fails further right. Its cost depends on the link's length
/// and the branching of the patterns it shares a prefix with, never on the number of routes that
/// cannot match. Registration order plays no part: two patterns of the same shape (same literals,
/// same kinds of parameter in the same places) land on the same node, which is a conflict.
///
/// The trie is built with a ``Builder`` and then laid out flat: nodes, literal edges and the
/// literals' bytes each in one contiguous array, a node's literal children found by comparing
/// bytes (a few) or through a small open-addressing table (many), so that matching a link of any
/// table touches a handful of cache lines and allocates nothing.
struct SegmentTrie: Sendable {
  /// A node in 32 bytes, two to a cache line.
  private struct Node: Sendable {
    var edgeStart: Int32 = 0
    /// Bit 31: the edges are a hash table (else scanned); bits 21–30: the most segments any route
    /// through this node still consumes (1023 past a catch-all); bits 0–20: the number of edges
    /// to scan, or the table's size as a power of two.
    var info: UInt32 = 0
    var int: Int32 = -1
    var uuid: Int32 = -1
    var parameter: Int32 = -1
    var wildcard: Int32 = -1
    /// The route that ends here.
    var terminal: Int32 = -1
    /// The route whose catch-all starts here.
    var catchAll: Int32 = -1

    var isTable: Bool { info & 0x8000_0000 != 0 }
    var maxRemaining: Int { Int((info >> 21) & 0x3FF) }
    /// The edges to scan, or the table's size less one.
    var edgeCount: Int32 { Int32(info & 0x1F_FFFF) }
    var tableMask: Int32 { (1 << Int32(info & 0x1F_FFFF)) - 1 }

    /// How deep past a catch-all: more than any link has segments (`InputLimits.segmentsCeiling`).
    static let unbounded = 1023
  }

  private struct Edge: Sendable {
    var keyStart: Int32
    var keyCount: Int32
    var hash: UInt32
    var child: Int32
  }

  /// More literal children than this, and a node looks them up through a hash table.
  private static let scanLimit = 8

  private let nodes: [Node]
  private let edges: [Edge]
  private let keys: [UInt8]
  private let slots: [Int32]
  let isCaseSensitive: Bool

  /// The route that `segments` match, by the precedence rules.
  ///
  /// - Parameter checkingTypes: When `false`, typed parameters accept any segment; used to tell a
  ///   link whose parameter has the wrong type from one that matches no route at all.
  func match(_ segments: UnsafeBufferPointer<SegmentBytes>, checkingTypes: Bool = true) -> Int? {
    nodes.withUnsafeBufferPointer { nodes in
      edges.withUnsafeBufferPointer { edges in
        keys.withUnsafeBufferPointer { keys in
          slots.withUnsafeBufferPointer { slots in
            let search = Search(
              nodes: nodes, edges: edges, keys: keys, slots: slots, segments: segments,
              isCaseSensitive: isCaseSensitive, checkingTypes: checkingTypes)
            let found = search.run(node: 0, at: 0)
            return found < 0 ? nil : Int(found)
          }
        }
      }
    }
  }

  private struct Search {
    let nodes: UnsafeBufferPointer<Node>
    let edges: UnsafeBufferPointer<Edge>
    let keys: UnsafeBufferPointer<UInt8>
    let slots: UnsafeBufferPointer<Int32>
    let segments: UnsafeBufferPointer<SegmentBytes>
    let isCaseSensitive: Bool
    let checkingTypes: Bool

    func run(node index: Int32, at position: Int) -> Int32 {
      let node = nodes[Int(index)]
      let remaining = segments.count - position
      if remaining == 0 { return node.terminal }
      guard remaining <= node.maxRemaining else { return -1 }
      let segment = segments[position]
      let next = position + 1
      if node.isTable || node.edgeCount > 0 {
        let child = isCaseSensitive ? literal(node, segment) : foldedLiteral(node, segment)
        if child >= 0 {
          let found = run(node: child, at: next)
          if found >= 0 { return found }
        }
      }
      if node.int >= 0, !checkingTypes || RoutePattern.ParameterType.isInteger(segment) {
        let found = run(node: node.int, at: next)
        if found >= 0 { return found }
      }
      if node.uuid >= 0, !checkingTypes || RoutePattern.ParameterType.isUUID(segment) {
        let found = run(node: node.uuid, at: next)
        if found >= 0 { return found }
      }
      if node.parameter >= 0 {
        let found = run(node: node.parameter, at: next)
        if found >= 0 { return found }
      }
      if node.wildcard >= 0 {
        let found = run(node: node.wildcard, at: next)
        if found >= 0 { return found }
      }
      return node.catchAll
    }

    /// The literal child of `node` whose key is `segment`, or -1.
    private func literal(_ node: Node, _ segment: SegmentBytes) -> Int32 {
      if !node.isTable {
        for edge in edges[Int(node.edgeStart)..<Int(node.edgeStart + node.edgeCount)]
        where equal(edge, segment) {
          return edge.child
        }
        return -1
      }
      let hash = SegmentTrie.hash(segment)
      let mask = node.tableMask
      var slot = Int32(truncatingIfNeeded: hash) & mask
      while true {
        let edgeIndex = slots[Int(node.edgeStart + slot)]
        if edgeIndex < 0 { return -1 }
        let edge = edges[Int(edgeIndex)]
        if edge.hash == hash, equal(edge, segment) { return edge.child }
        slot = (slot + 1) & mask
      }
    }

    private func equal(_ edge: Edge, _ segment: SegmentBytes) -> Bool {
      guard Int(edge.keyCount) == segment.count else { return false }
      guard let base = segment.baseAddress, let keyBase = keys.baseAddress else { return segment.isEmpty }
      return memcmp(base, keyBase + Int(edge.keyStart), segment.count) == 0
    }

    /// The literal child for a table that ignores case: keys are stored lowercased, and the
    /// segment is lowercased the same way (ASCII on its bytes; other text as `String` does).
    private func foldedLiteral(_ node: Node, _ segment: SegmentBytes) -> Int32 {
      guard segment.contains(where: { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }) else {
        return literal(node, segment)
      }
      guard segment.allSatisfy({ $0 < 0x80 }) else {
        var lowered = String(decoding: segment, as: UTF8.self).lowercased()
        return lowered.withUTF8 { literal(node, $0) }
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count) { buffer in
        for (index, byte) in segment.enumerated() { buffer[index] = byte.lowercasedASCII }
        return literal(node, UnsafeBufferPointer(buffer))
      }
    }
  }

  /// FNV-1a over the bytes.
  static func hash(_ bytes: SegmentBytes) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }

  // MARK: - Building

  /// Builds a trie pattern by pattern, finding conflicts; ``build()`` lays it out for matching.
  struct Builder {
    private struct Node {
      var literals: [String: Int] = [:]
      var int: Int?
      var uuid: Int?
      var parameter: Int?
      var wildcard: Int?
      var terminal: Int?
      var catchAll: Int?
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
    /// - Returns: The route already registered with the same shape, if any (and then nothing is
    ///   added).
    mutating func insert(_ pattern: RoutePattern, route: Int) -> Int? {
      var path = [0]
      path.reserveCapacity(pattern.segments.count + 1)
      var node = 0
      for segment in pattern.segments {
        let next: Int
        switch segment {
        case .literal(let text):
          let key = isCaseSensitive ? text : text.lowercased()
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

    /// The trie laid out flat.
    func build() -> SegmentTrie {
      var flat: [SegmentTrie.Node] = []
      var edges: [Edge] = []
      var keys: [UInt8] = []
      var slots: [Int32] = []
      flat.reserveCapacity(nodes.count)
      edges.reserveCapacity(nodes.count)
      for node in nodes {
        var compact = SegmentTrie.Node()
        let firstEdge = edges.count
        // (The dictionary's order may differ between runs; matching does not depend on it.)
        for (key, child) in node.literals {
          var key = key
          let start = Int32(keys.count)
          let hash = key.withUTF8 { bytes in
            keys.append(contentsOf: bytes)
            return SegmentTrie.hash(bytes)
          }
          edges.append(Edge(keyStart: start, keyCount: Int32(key.utf8.count), hash: hash, child: Int32(child)))
        }
        let remaining = node.maxRemaining == .max ? SegmentTrie.Node.unbounded : min(node.maxRemaining, 1022)
        var info = UInt32(remaining) << 21
        if node.literals.count > SegmentTrie.scanLimit {
          var power = 4
          while 1 << power < node.literals.count * 2 { power += 1 }
          let size = 1 << power
          compact.edgeStart = Int32(slots.count)
          info |= 0x8000_0000 | UInt32(power)
          slots.append(contentsOf: repeatElement(-1, count: size))
          for edgeIndex in firstEdge..<edges.count {
            var slot = Int(edges[edgeIndex].hash) & (size - 1)
            while slots[Int(compact.edgeStart) + slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[Int(compact.edgeStart) + slot] = Int32(edgeIndex)
          }
        } else {
          compact.edgeStart = Int32(firstEdge)
          info |= UInt32(node.literals.count)
        }
        compact.info = info
        compact.int = Int32(node.int ?? -1)
        compact.uuid = Int32(node.uuid ?? -1)
        compact.parameter = Int32(node.parameter ?? -1)
        compact.wildcard = Int32(node.wildcard ?? -1)
        compact.terminal = Int32(node.terminal ?? -1)
        compact.catchAll = Int32(node.catchAll ?? -1)
        flat.append(compact)
      }
      return SegmentTrie(nodes: flat, edges: edges, keys: keys, slots: slots, isCaseSensitive: isCaseSensitive)
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
}

extension SegmentBytes {
  /// Calls `body` with byte views of `segments`, laid end to end in one buffer.
  static func withSegments<Result, Failure: Error>(
    of segments: [String], _ body: (UnsafeBufferPointer<SegmentBytes>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let bytes = segments.flatMap(\.utf8)
    return try bytes.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
      var views: [SegmentBytes] = []
      views.reserveCapacity(segments.count)
      var start = 0
      for segment in segments {
        let count = segment.utf8.count
        views.append(SegmentBytes(rebasing: all[start..<(start + count)]))
        start += count
      }
      return try views.withUnsafeBufferPointer(body)
    }
  }
}
