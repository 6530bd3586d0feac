extension SegmentTrie {
  /// Builds a trie pattern by pattern, finding conflicts; ``build(records:)`` lays it out for
  /// matching.
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

      /// The size of a hash table of `literals` edges, as a power of two: at most half full.
      static func tablePower(literals: Int) -> Int {
        var power = 4
        while 1 << power < literals * 2 { power += 1 }
        return power
      }

      /// Which slots are filled, a bit each, in the order of ``SegmentTrie/Node/Slot``.
      var presence: UInt32 {
        func bit(_ value: Int?, _ slot: SegmentTrie.Node.Slot) -> UInt32 { value == nil ? 0 : 1 << slot.rawValue }
        return bit(terminal, .terminal) | bit(catchAll, .catchAll) | bit(int, .int) | bit(uuid, .uuid)
          | bit(parameter, .parameter) | bit(wildcard, .wildcard)
      }

      /// The edges in a list, or the slots of a table of them.
      var edgeSlots: Int {
        literals.count > SegmentTrie.scanLimit ? 1 << Self.tablePower(literals: literals.count) : literals.count
      }

      /// The bytes the node's block takes: the node, its routes' records, then a list of edges
      /// or a table of them; a multiple of 8.
      var byteCount: Int {
        let records = (terminal == nil ? 0 : 1) + (catchAll == nil ? 0 : 1)
        return SegmentTrie.Node.slotsBytes(presence) + records * SegmentTrie.Node.recordBytes + edgeSlots * Edge.stride
      }
    }

    private var nodes = [Node()]
    let isCaseSensitive: Bool

    init(isCaseSensitive: Bool, expectedRoutes: Int = 0) {
      self.isCaseSensitive = isCaseSensitive
      nodes.reserveCapacityUnspecialized(1 + expectedRoutes * 2)  // most routes add one or two nodes
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

    /// The trie laid out flat: each node's block (the node, the records of the routes that end
    /// or catch all there, then its edges) in the order the nodes were added. That order keeps
    /// a route's nodes together (each new node follows the one before it on the route's path),
    /// and the routes of one part of an app, declared together, near each other; and it is the
    /// same on every run.
    ///
    /// - Parameter records: Every route's record, by the index it was inserted with.
    func build(records: [RouteEssentials]) -> SegmentTrie {
      precondition(MemoryLayout<RouteEssentials>.alignment <= 8, "a record would be loaded misaligned")
      // Where each node's block starts, in words.
      var offsets: [Int32] = []
      offsets.reserveCapacityUnspecialized(nodes.count)
      var total = 0
      for node in nodes {
        offsets.appendUnspecialized(Int32(total))
        total += node.byteCount / 8
      }
      var words = [UInt64](repeating: 0, count: total)
      var longKeys: [UInt8] = []
      words.withUnsafeMutableBytes { words in
        for (node, start) in zip(nodes, offsets) {
          let start = Int(start) * 8
          let remaining = node.maxRemaining == .max ? SegmentTrie.Node.unbounded : min(node.maxRemaining, 1022)
          let isTable = node.literals.count > SegmentTrie.scanLimit
          let count = isTable ? Node.tablePower(literals: node.literals.count) : node.literals.count
          let slots = node.edgeSlots
          let presence = node.presence
          let info = (isTable ? 0x8000_0000 : 0) | UInt32(remaining) << 21 | UInt32(count) << 16 | presence
          words.storeBytes(of: info, toByteOffset: start, as: UInt32.self)
          // The filled slots: routes as they are, children as their offsets.
          var field = start + 4
          func fill(_ value: Int32?) {
            guard let value else { return }
            words.storeBytes(of: value, toByteOffset: field, as: Int32.self)
            field += 4
          }
          fill(node.terminal.map(Int32.init))
          fill(node.catchAll.map(Int32.init))
          for child in [node.int, node.uuid, node.parameter, node.wildcard] { fill(child.map { offsets[$0] }) }
          var edges = start + SegmentTrie.Node.slotsBytes(presence)
          for route in [node.terminal, node.catchAll] {
            guard let route else { continue }
            words.storeBytes(of: records[route], toByteOffset: edges, as: RouteEssentials.self)
            edges += SegmentTrie.Node.recordBytes
          }
          // The node's block ends where its byte count says: every write below stays inside it.
          precondition(edges + slots * Edge.stride == start + node.byteCount, "a trie node outgrew its block")
          if isTable {
            for slot in 0..<slots {
              words.storeBytes(
                of: Edge.emptyLength, toByteOffset: edges + slot * Edge.stride + Edge.lengthOffset, as: UInt32.self)
            }
          }
          // (A list's order, and which slot of a table a key takes, play no part in matching.)
          for (position, (key, child)) in node.literals.enumerated() {
            var key = key
            key.withUTF8 { bytes in
              var slot = position
              if isTable {
                slot = Int(SegmentTrie.hash(bytes)) & (slots - 1)
                while words.load(fromByteOffset: edges + slot * Edge.stride + Edge.lengthOffset, as: UInt32.self)
                  != Edge.emptyLength
                {
                  slot = (slot + 1) & (slots - 1)
                }
              }
              let edge = edges + slot * Edge.stride
              if bytes.count <= Edge.inlineBytes {
                words.baseAddress!.advanced(by: edge).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
              } else {
                words.baseAddress!.advanced(by: edge).copyMemory(from: bytes.baseAddress!, byteCount: 8)
                words.storeBytes(of: UInt64(longKeys.count), toByteOffset: edge + 8, as: UInt64.self)
                longKeys += bytes
              }
              words.storeBytes(of: UInt32(bytes.count), toByteOffset: edge + Edge.lengthOffset, as: UInt32.self)
              words.storeBytes(of: offsets[child], toByteOffset: edge + Edge.childOffset, as: Int32.self)
            }
          }
        }
      }
      return SegmentTrie(words: words, longKeys: longKeys, isCaseSensitive: isCaseSensitive)
    }

    private mutating func addNode() -> Int {
      nodes.appendUnspecialized(Node())
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
