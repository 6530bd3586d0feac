/// A deflate encoder (RFC 1951) for the small images the tool writes: LZ77 over a 32 KiB window
/// with hash chains, then one block coded with Huffman codes made for the data. A QR code's rows
/// repeat (each module is several pixels tall) and its bytes take few values, which both steps
/// turn into a few bits each: a 180-pixel code takes about 400 bytes, where stored blocks took
/// 4,300.
enum Deflate {
  /// `data`, compressed: one final block with dynamic Huffman codes.
  static func compress(_ data: [UInt8]) -> [UInt8] {
    let tokens = matches(in: data)
    var literalCounts = [Int](repeating: 0, count: 286)
    var distanceCounts = [Int](repeating: 0, count: 30)
    for token in tokens {
      if token.distance == 0 {
        literalCounts[Int(token.value)] += 1
      } else {
        literalCounts[257 + lengthCode(token.value)] += 1
        distanceCounts[distanceCode(token.distance)] += 1
      }
    }
    literalCounts[256] += 1
    useTwoSymbols(&literalCounts)
    useTwoSymbols(&distanceCounts)
    let literalLengths = codeLengths(literalCounts, limit: 15)
    let distanceLengths = codeLengths(distanceCounts, limit: 15)
    let literalCodes = canonicalCodes(literalLengths)
    let distanceCodes = canonicalCodes(distanceLengths)

    var bits = BitWriter()
    bits.write(1, count: 1)  // the final block
    bits.write(2, count: 2)  // dynamic Huffman codes
    writeCodeLengths(literal: literalLengths, distance: distanceLengths, into: &bits)
    for token in tokens {
      if token.distance == 0 {
        bits.write(literalCodes[Int(token.value)], count: literalLengths[Int(token.value)])
        continue
      }
      let length = lengthCode(token.value)
      bits.write(literalCodes[257 + length], count: literalLengths[257 + length])
      bits.write(UInt32(token.value - lengthBase[length]), count: lengthExtra[length])
      let distance = distanceCode(token.distance)
      bits.write(distanceCodes[distance], count: distanceLengths[distance])
      bits.write(UInt32(token.distance - distanceBase[distance]), count: distanceExtra[distance])
    }
    bits.write(literalCodes[256], count: literalLengths[256])
    return bits.bytes()
  }

  /// Counts at least two symbols, adding the first unseen ones: a code of one symbol (or none)
  /// is incomplete, which some decoders refuse.
  static func useTwoSymbols(_ counts: inout [Int]) {
    for index in counts.indices where counts.filter({ $0 > 0 }).count < 2 && counts[index] == 0 {
      counts[index] = 1
    }
  }

  // MARK: - LZ77

  /// A literal byte (`distance` 0), or a copy of `value` bytes from `distance` back.
  struct Token {
    let value: Int
    let distance: Int
  }

  /// The data as literals and back-references: at each place the longest earlier match of at
  /// least 3 bytes among the last 64 places with the same first three bytes, else a literal.
  static func matches(in data: [UInt8]) -> [Token] {
    let window = 32_768
    let hashSize = 1 << 15
    var head = [Int](repeating: -1, count: hashSize)
    var previous = [Int](repeating: -1, count: window)
    func hash(_ index: Int) -> Int {
      (Int(data[index]) << 10 ^ Int(data[index + 1]) << 5 ^ Int(data[index + 2])) & (hashSize - 1)
    }
    func insert(_ index: Int) {
      guard index + 2 < data.count else { return }
      let key = hash(index)
      previous[index % window] = head[key]
      head[key] = index
    }
    var tokens: [Token] = []
    var index = 0
    while index < data.count {
      var bestLength = 0
      var bestDistance = 0
      if index + 2 < data.count {
        var candidate = head[hash(index)]
        var tries = 64
        let limit = min(258, data.count - index)
        while candidate >= 0, index - candidate <= window, tries > 0 {
          var length = 0
          while length < limit, data[candidate + length] == data[index + length] { length += 1 }
          if length > bestLength {
            bestLength = length
            bestDistance = index - candidate
            if length == limit { break }
          }
          let next = previous[candidate % window]
          guard next < candidate else { break }
          candidate = next
          tries -= 1
        }
      }
      if bestLength >= 3 {
        tokens.append(Token(value: bestLength, distance: bestDistance))
        for place in index..<index + bestLength { insert(place) }
        index += bestLength
      } else {
        tokens.append(Token(value: Int(data[index]), distance: 0))
        insert(index)
        index += 1
      }
    }
    return tokens
  }

  // MARK: - Lengths and distances (RFC 1951, 3.2.5)

  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// The index of the length code (0 for 257) a match of `length` bytes (3...258) takes.
  static func lengthCode(_ length: Int) -> Int {
    lengthBase.lastIndex { $0 <= length } ?? 0
  }

  /// The distance code (0...29) of `distance` (1...32,768).
  static func distanceCode(_ distance: Int) -> Int {
    distanceBase.lastIndex { $0 <= distance } ?? 0
  }

  // MARK: - Huffman codes

  /// Huffman code lengths for symbols seen `counts` times (0 for a symbol never seen), none over
  /// `limit` bits: counts are halved (never below 1) until the tree is that shallow.
  static func codeLengths(_ counts: [Int], limit: Int) -> [Int] {
    var weights = counts
    while true {
      let lengths = huffmanLengths(weights)
      if lengths.max() ?? 0 <= limit { return lengths }
      weights = weights.map { $0 == 0 ? 0 : max(1, $0 / 2) }
    }
  }

  /// The depth of each symbol in a Huffman tree of `weights` (a lone symbol gets 1 bit).
  private static func huffmanLengths(_ weights: [Int]) -> [Int] {
    var lengths = [Int](repeating: 0, count: weights.count)
    // Nodes: leaves first, then the merged ones; `parent` links each to the node it joined.
    var nodeWeights = weights.indices.filter { weights[$0] > 0 }.map { weights[$0] }
    let symbols = weights.indices.filter { weights[$0] > 0 }
    guard symbols.count > 1 else {
      for symbol in symbols { lengths[symbol] = 1 }
      return lengths
    }
    var parent = [Int](repeating: -1, count: symbols.count)
    // Live nodes, sorted by weight, heaviest first (so that the lightest two are at the end).
    var live = Array(nodeWeights.indices).sorted { nodeWeights[$0] > nodeWeights[$1] }
    while live.count > 1 {
      let a = live.removeLast()
      let b = live.removeLast()
      let merged = nodeWeights.count
      nodeWeights.append(nodeWeights[a] + nodeWeights[b])
      parent.append(-1)
      parent[a] = merged
      parent[b] = merged
      let place = live.firstIndex { nodeWeights[$0] <= nodeWeights[merged] } ?? live.count
      live.insert(merged, at: place)
    }
    for (leaf, symbol) in symbols.enumerated() {
      var depth = 0
      var node = leaf
      while parent[node] >= 0 {
        node = parent[node]
        depth += 1
      }
      lengths[symbol] = depth
    }
    return lengths
  }

  /// The canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed, as they are written
  /// (deflate packs a Huffman code from its most significant bit).
  static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
    let maxLength = lengths.max() ?? 0
    var countOfLength = [Int](repeating: 0, count: maxLength + 1)
    for length in lengths where length > 0 { countOfLength[length] += 1 }
    var next = [UInt32](repeating: 0, count: maxLength + 2)
    var code: UInt32 = 0
    if maxLength > 0 {
      for bits in 1...maxLength {
        code = (code + UInt32(countOfLength[bits - 1])) << 1
        next[bits] = code
      }
    }
    return lengths.map { length in
      guard length > 0 else { return 0 }
      let value = next[length]
      next[length] += 1
      var reversed: UInt32 = 0
      for bit in 0..<length where value & (1 << UInt32(bit)) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
      return reversed
    }
  }

  /// The order the code-length code's lengths are written in.
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// Writes the block's header after its type: the counts, the code-length code, and both codes'
  /// lengths, run-length coded (16: repeat the last 3–6 times; 17, 18: 3–10 and 11–138 zeros).
  private static func writeCodeLengths(literal: [Int], distance: [Int], into bits: inout BitWriter) {
    let literalCount = max(257, (literal.lastIndex { $0 > 0 } ?? 0) + 1)
    let distanceCount = max(1, (distance.lastIndex { $0 > 0 } ?? 0) + 1)
    let lengths = Array(literal[..<literalCount]) + Array(distance[..<distanceCount])
    // (symbol, extra bits' value)
    var runs: [(symbol: Int, extra: Int)] = []
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var run = 1
      while index + run < lengths.count, lengths[index + run] == length { run += 1 }
      if length == 0, run >= 3 {
        let taken = min(run, 138)
        runs.append(taken >= 11 ? (18, taken - 11) : (17, taken - 3))
        index += taken
      } else if length != 0, run >= 4 {
        runs.append((length, 0))
        let taken = min(run - 1, 6)
        runs.append((16, taken - 3))
        index += 1 + taken
      } else {
        runs.append((length, 0))
        index += 1
      }
    }
    var counts = [Int](repeating: 0, count: 19)
    for run in runs { counts[run.symbol] += 1 }
    let codeLengthLengths = codeLengths(counts, limit: 7)
    let codeLengthCodes = canonicalCodes(codeLengthLengths)
    let ordered = codeLengthOrder.map { codeLengthLengths[$0] }
    let orderedCount = max(4, (ordered.lastIndex { $0 > 0 } ?? 0) + 1)
    bits.write(UInt32(literalCount - 257), count: 5)
    bits.write(UInt32(distanceCount - 1), count: 5)
    bits.write(UInt32(orderedCount - 4), count: 4)
    for length in ordered[..<orderedCount] { bits.write(UInt32(length), count: 3) }
    let extraBits = [16: 2, 17: 3, 18: 7]
    for run in runs {
      bits.write(codeLengthCodes[run.symbol], count: codeLengthLengths[run.symbol])
      if let extra = extraBits[run.symbol] { bits.write(UInt32(run.extra), count: extra) }
    }
  }
}

/// Bits packed from the least significant bit of each byte, as deflate writes them.
struct BitWriter {
  private var buffer: [UInt8] = []
  private var current: UInt32 = 0
  private var filled = 0

  mutating func write(_ value: UInt32, count: Int) {
    guard count > 0 else { return }
    current |= (value & ((1 << UInt32(count)) - 1)) << UInt32(filled)
    filled += count
    while filled >= 8 {
      buffer.append(UInt8(truncatingIfNeeded: current))
      current >>= 8
      filled -= 8
    }
  }

  /// The bytes written, the last one padded with zero bits.
  func bytes() -> [UInt8] {
    filled > 0 ? buffer + [UInt8(truncatingIfNeeded: current)] : buffer
  }
}
