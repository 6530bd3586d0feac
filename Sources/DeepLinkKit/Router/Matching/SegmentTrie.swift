import Foundation

/// A trie of route patterns, one level per path segment.
///
/// Matching walks one branch per segment and tries, at each node, the literal child, then the
/// typed parameter children, the untyped parameter child, the `*` child and the `*name` catch-all,
/// backtracking when a preferred branch fails further right. Its cost depends on the link's length
/// and the branching of the patterns it shares a prefix with, never on the number of routes that
/// cannot match. Registration order plays no part: two patterns of the same shape (same literals,
/// same kinds of parameter in the same places) land on the same node, which is a conflict.
///
/// The trie is built with a ``Builder`` and then laid out flat, for a lookup that touches as few
/// cache lines as a table of 10,000 routes allows: in one block of memory, each node (8 to 32
/// bytes: what it holds, then only the children and routes it has) is followed by the records
/// (``RouteEssentials``) of the routes that end or catch all there, then by its literal edges (24
/// bytes each, holding a key of up to 16 bytes inline); the nodes come in the order they were
/// added, so that a route's nodes lie one after another. A node with many literal children keeps
/// them, in place of the list, in a small open-addressing table. Matching allocates nothing, and
/// finds the route's record where it found the route.
///
/// Why raw memory rather than the ``Builder``'s nodes: Benchmarks/README.md, "Why the code looks
/// as it does". The invariants, each checked: a record is plain bits (``RouteEssentials`` is `BitwiseCopyable`, which the compiler checks)
/// aligned for loading (records start on 8-byte boundaries, and its alignment is at most 8: a
/// `precondition` in ``Builder/build(records:)``); every node's block is written inside its own
/// bytes (a `precondition` per node there); matching reads only offsets the builder wrote.
struct SegmentTrie: Sendable {
  /// A node where it lies: 4 bytes saying what it has, then, 4 bytes each, only the routes and
  /// children it has (in the order of ``Slot``), padded to 8 bytes. Children are the offsets of
  /// their nodes in the trie's words; routes are indices.
  struct Node {
    let base: UnsafeRawPointer
    /// Bit 31: the edges are a hash table (else a list); bits 21–30: the most segments any route
    /// through this node still consumes (1023 past a catch-all); bits 16–20: the number of edges
    /// in the list, or the table's size as a power of two; bits 0–5: which slots it has.
    let info: UInt32

    init(_ base: UnsafeRawPointer) {
      self.base = base
      info = base.load(as: UInt32.self)
    }

    /// What a node may have, in the order it stores them.
    enum Slot: UInt32 {
      /// The route that ends here; the route whose catch-all starts here.
      case terminal, catchAll
      /// The children for a typed, untyped or `*` segment.
      case int, uuid, parameter, wildcard
    }

    /// The route or child in `slot`, or -1.
    func callAsFunction(_ slot: Slot) -> Int32 {
      let bit: UInt32 = 1 << slot.rawValue
      guard info & bit != 0 else { return -1 }
      return base.load(fromByteOffset: 4 &+ 4 &* (info & (bit &- 1)).nonzeroBitCount, as: Int32.self)
    }

    var isTable: Bool { info & 0x8000_0000 != 0 }
    var maxRemaining: Int { Int((info >> 21) & 0x3FF) }
    /// The edges in the list.
    var edgeCount: Int { Int((info >> 16) & 0x1F) }
    var tableMask: Int { (1 << Int((info >> 16) & 0x1F)) - 1 }

    /// The records, after the slots: the terminal route's first.
    var records: UnsafeRawPointer { base + Self.slotsBytes(info & 0x3F) }
    /// The edges, after the records.
    var edges: UnsafeRawPointer { records + Self.recordBytes &* (info & 0x3).nonzeroBitCount }

    /// The bytes a node with these slots takes, before its records.
    static func slotsBytes(_ slots: UInt32) -> Int { (4 + 4 * slots.nonzeroBitCount + 7) & ~7 }

    /// How deep past a catch-all: more than any link has segments (`InputLimits.segmentsCeiling`).
    static let unbounded = 1023
    /// A route's record, in bytes, a multiple of 8.
    static let recordBytes = (MemoryLayout<RouteEssentials>.stride + 7) & ~7
  }

  /// A literal edge in 24 bytes: its key's length, its child, and its key's bytes (zero-padded) if
  /// it has at most 16, else its first 8 bytes and the offset of the whole key in `longKeys`.
  enum Edge {
    static let keyOffset = 0
    static let lengthOffset = 16
    static let childOffset = 20
    static let inlineBytes = 16
    /// In bytes.
    static let stride = 24
    /// An empty slot of a table: no segment has this length.
    static let emptyLength = UInt32.max
  }

  /// More literal children than this, and a node looks them up through a hash table.
  static let scanLimit = 8

  /// The nodes and their edges; the root's node first.
  let words: [UInt64]
  let longKeys: [UInt8]
  let isCaseSensitive: Bool

  /// The route that `segments` match, by the precedence rules, with its record.
  ///
  /// - Parameter checkingTypes: When `false`, typed parameters accept any segment; used to tell a
  ///   link whose parameter has the wrong type from one that matches no route at all.
  func match(_ segments: UnsafeBufferPointer<SegmentBytes>, checkingTypes: Bool = true) -> (
    index: Int, record: RouteEssentials
  )? {
    words.withUnsafeBytes { words in
      longKeys.withUnsafeBytes { longKeys in
        let search = Search(
          words: words.baseAddress!, longKeys: longKeys.baseAddress, segments: segments,
          isCaseSensitive: isCaseSensitive, checkingTypes: checkingTypes)
        let end = search.run(node: 0, at: 0)
        guard end.index >= 0, let record = end.record else { return nil }
        return (Int(end.index), record.load(as: RouteEssentials.self))
      }
    }
  }

  /// A route found: its index, and where its record is.
  private struct End {
    var index: Int32
    var record: UnsafeRawPointer?

    static var none: End { End(index: -1, record: nil) }
  }

  private struct Search {
    let words: UnsafeRawPointer
    let longKeys: UnsafeRawPointer?
    let segments: UnsafeBufferPointer<SegmentBytes>
    let isCaseSensitive: Bool
    let checkingTypes: Bool

    func run(node offset: Int32, at position: Int) -> End {
      let node = Node(words + Int(offset) &* 8)
      let remaining = segments.count - position
      if remaining == 0 { return End(index: node(.terminal), record: node.records) }
      guard remaining <= node.maxRemaining else { return .none }
      let segment = segments[position]
      let next = position + 1
      if node.isTable || node.edgeCount > 0 {
        let child = isCaseSensitive ? literal(node, segment) : foldedLiteral(node, segment)
        if child >= 0 {
          let found = run(node: child, at: next)
          if found.index >= 0 { return found }
        }
      }
      let int = node(.int)
      if int >= 0, !checkingTypes || RoutePattern.ParameterType.isInteger(segment) {
        let found = run(node: int, at: next)
        if found.index >= 0 { return found }
      }
      let uuid = node(.uuid)
      if uuid >= 0, !checkingTypes || RoutePattern.ParameterType.isUUID(segment) {
        let found = run(node: uuid, at: next)
        if found.index >= 0 { return found }
      }
      for slot in [Node.Slot.parameter, .wildcard] {
        let child = node(slot)
        if child >= 0 {
          let found = run(node: child, at: next)
          if found.index >= 0 { return found }
        }
      }
      // The terminal route's record comes first.
      let terminals = Int(node.info & 1)
      return End(index: node(.catchAll), record: node.records + terminals &* Node.recordBytes)
    }

    /// The child of the literal edge (of those at `edges`) whose key is `segment`, or -1.
    private func literal(_ node: Node, _ segment: SegmentBytes) -> Int32 {
      let edges = node.edges
      let length = UInt32(truncatingIfNeeded: segment.count)
      if !node.isTable {
        for index in 0..<node.edgeCount {
          let edge = edges + index &* Edge.stride
          if edge.load(fromByteOffset: Edge.lengthOffset, as: UInt32.self) == length, key(of: edge, is: segment) {
            return edge.load(fromByteOffset: Edge.childOffset, as: Int32.self)
          }
        }
        return -1
      }
      let mask = node.tableMask
      var slot = Int(SegmentTrie.hash(segment)) & mask
      while true {
        let edge = edges + slot &* Edge.stride
        let edgeLength = edge.load(fromByteOffset: Edge.lengthOffset, as: UInt32.self)
        if edgeLength == Edge.emptyLength { return -1 }
        if edgeLength == length, key(of: edge, is: segment) {
          return edge.load(fromByteOffset: Edge.childOffset, as: Int32.self)
        }
        slot = (slot &+ 1) & mask
      }
    }

    /// Whether the key of `edge`, of the segment's length, has the segment's bytes.
    private func key(of edge: UnsafeRawPointer, is segment: SegmentBytes) -> Bool {
      guard let bytes = segment.baseAddress else { return true }
      let count = segment.count
      if count <= Edge.inlineBytes { return memcmp(edge + Edge.keyOffset, bytes, count) == 0 }
      let start = Int(edge.load(fromByteOffset: Edge.keyOffset + 8, as: UInt64.self))
      return memcmp(edge + Edge.keyOffset, bytes, 8) == 0 && memcmp(longKeys! + start + 8, bytes + 8, count - 8) == 0
    }

    /// The literal child for a table that ignores case: keys are stored lowercased, and the
    /// segment is lowercased the same way (ASCII on its bytes; other text as `String` does).
    private func foldedLiteral(_ node: Node, _ segment: SegmentBytes) -> Int32 {
      guard segment.firstIndex(in: .upperCaseOrNonASCII) != nil else { return literal(node, segment) }
      guard segment.firstIndex(in: .nonASCII) == nil else {
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

}
