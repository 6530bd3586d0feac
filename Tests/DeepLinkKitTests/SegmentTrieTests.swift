import DeepLinkKit
import Testing

/// The flat trie against an oracle written from the routing contract alone: of the patterns that
/// match a path, the one whose segments, read from the left, rank best (literal, `int`, `uuid`,
/// untyped, `*`, then `*name`). Random tables mix the layouts the trie stores differently: keys
/// kept inline (up to 16 bytes) and longer ones, keys that differ only after their 8th or 16th
/// byte, lists of literal children and hash tables of them (more than eight), and tables that
/// ignore case.
@Suite struct SegmentTrieTests {
  /// Literals of every length class; several share their first 8 or 16 bytes.
  static let literals = [
    "a", "b", "docs", "Items", "eightchr", "sixteen-chars-ab", "sixteen-chars-ac", "seventeen-chars-a",
    "seventeen-chars-b", "a-much-longer-literal-segment-1", "a-much-longer-literal-segment-2", "café", "CAFÉ-bar",
  ]

  /// Path values that fit none, some or all parameter types.
  static let values = [
    "7", "-3", "x", "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB", "eightchr", "sixteen-chars-ab", "Docs",
    "seventeen-chars-b", "a-much-longer-literal-segment-3",
  ]

  enum Piece: Equatable {
    case literal(String)
    case int, uuid, parameter, wildcard, catchAll

    var rank: Int {
      switch self {
      case .literal: 0
      case .int: 1
      case .uuid: 2
      case .parameter: 3
      case .wildcard: 4
      case .catchAll: 5
      }
    }
  }

  @Test(arguments: [(seed: UInt64(1), caseSensitive: true), (2, true), (3, false), (4, false), (5, true)])
  func matchesTheOracle(seed: UInt64, caseSensitive: Bool) throws {
    var random = Random(seed: seed)
    // Patterns, without two of the same shape (the router refuses those).
    var tables: [(pattern: String, pieces: [Piece])] = []
    var shapes: Set<String> = []
    for _ in 0..<400 {
      var pieces: [Piece] = []
      for position in 0..<random.below(5) {
        // A wide first level: many literals at the root, so that it becomes a hash table.
        if position == 0, random.below(3) == 0 {
          pieces.append(.literal("w\(random.below(40))"))
          continue
        }
        switch random.below(10) {
        case 0...4: pieces.append(.literal(Self.literals[random.below(Self.literals.count)]))
        case 5: pieces.append(.int)
        case 6: pieces.append(.uuid)
        case 7: pieces.append(.parameter)
        case 8: pieces.append(.wildcard)
        default: pieces.append(.catchAll)
        }
        if pieces.last == .catchAll { break }
      }
      let shape = pieces.map { piece -> String in
        guard case .literal(let text) = piece else { return "\(piece.rank)" }
        return caseSensitive ? "=" + text : "=" + text.lowercased()
      }
      guard shapes.insert(shape.joined(separator: "/")).inserted else { continue }
      let pattern =
        "/"
        + pieces.enumerated().map { position, piece in
          switch piece {
          case .literal(let text): text
          case .int: ":p\(position)(int)"
          case .uuid: ":p\(position)(uuid)"
          case .parameter: ":p\(position)"
          case .wildcard: "*"
          case .catchAll: "*rest"
          }
        }.joined(separator: "/")
      tables.append((pattern, pieces))
    }
    let router = try makeRouter(tables.map(\.pattern), hostNames: .international, caseSensitive: caseSensitive)
    var matched = 0
    for _ in 0..<3_000 {
      // Paths drawn from the same words, so that most share a prefix with some pattern.
      let path = (0..<random.below(6)).map { _ -> String in
        switch random.below(4) {
        case 0: return "w\(random.below(45))"
        case 1: return Self.values[random.below(Self.values.count)]
        default:
          let literal = Self.literals[random.below(Self.literals.count)]
          return random.below(4) == 0 ? literal.uppercased() : literal
        }
      }
      let expected = Self.best(of: tables, for: path, caseSensitive: caseSensitive)
      let link = "myapp:///" + path.joined(separator: "/").addingPercentEncodingForPath
      #expect(router.outcome(link).routeName == expected, "\(link)")
      if expected != nil { matched += 1 }
    }
    // The draw reaches many routes, not only refusals.
    #expect(matched > 600)
  }

  /// The best-ranked pattern matching `path`, by the contract.
  static func best(of table: [(pattern: String, pieces: [Piece])], for path: [String], caseSensitive: Bool) -> String? {
    var best: (ranks: [Int], pattern: String)?
    for (pattern, pieces) in table {
      guard let ranks = ranks(pieces, path, caseSensitive: caseSensitive) else { continue }
      if best == nil || ranks.lexicographicallyPrecedes(best!.ranks) { best = (ranks, pattern) }
    }
    return best?.pattern
  }

  /// The ranks of the pieces that match `path`, or `nil` if the pattern does not match it.
  static func ranks(_ pieces: [Piece], _ path: [String], caseSensitive: Bool) -> [Int]? {
    var ranks: [Int] = []
    for (position, piece) in pieces.enumerated() {
      if piece == .catchAll { return position < path.count ? ranks + [piece.rank] : nil }
      guard position < path.count else { return nil }
      let segment = path[position]
      let fits: Bool =
        switch piece {
        case .literal(let text): caseSensitive ? text == segment : text.lowercased() == segment.lowercased()
        case .int: Int64(segment) != nil && !segment.hasPrefix("+")
        case .uuid: segment.count == 36 && segment.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12]
        case .parameter, .wildcard: true
        case .catchAll: false
        }
      guard fits else { return nil }
      ranks.append(piece.rank)
    }
    return pieces.count == path.count ? ranks : nil
  }

  /// A small seeded generator, so that every run draws the same tables.
  struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }
}

extension String {
  /// The text with its non-ASCII bytes percent-encoded, as a link carries them.
  fileprivate var addingPercentEncodingForPath: String {
    utf8.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "%" + String($0, radix: 16, uppercase: true) }.joined()
  }
}
