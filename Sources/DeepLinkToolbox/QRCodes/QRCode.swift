/// A QR code of a link, made here (ISO/IEC 18004, model 2): the text in byte mode, an error
/// correction level (M by default: 15% of the code may be lost; H, 30%, for print with a logo over
/// it), the smallest of the 40 versions that holds it, and the mask with the lowest penalty.
/// `deeplink qa` draws one per example link, for a phone's camera to open the app, and
/// `deeplink qr` one for print.
///
/// ```swift
/// let code = try QRCode("https://shop.example.com/items/42")
/// code.size              // 29: version 3
/// let png = code.png()   // a 1-bit grayscale PNG, 4 pixels a module, with a quiet zone
/// ```
struct QRCode: Sendable, Hashable {
  /// How much of the code may be lost (covered, torn, printed over) and still read: ISO/IEC
  /// 18004's four levels, each taking more of the code for error correction.
  enum Level: String, Sendable, Hashable, CaseIterable {
    /// About 7%.
    case low = "L"
    /// About 15%: the default.
    case medium = "M"
    /// About 25%.
    case quartile = "Q"
    /// About 30%: print with a logo over the middle.
    case high = "H"

    /// The level's two bits in the format information (L 01, M 00, Q 11, H 10).
    var formatBits: Int {
      switch self {
      case .low: 1
      case .medium: 0
      case .quartile: 3
      case .high: 2
      }
    }

    /// The most UTF-8 bytes a code holds at this level (version 40).
    var maxBytes: Int { (QRCode.dataCapacity(40, self) * 8 - 4 - 16) / 8 }
  }

  /// Why a text has no QR code here.
  struct TooLong: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text's length in UTF-8 bytes.
    var bytes: Int
    var level: Level = .medium
    var description: String {
      "the text is \(bytes) bytes; a QR code at error correction level \(level.rawValue) holds at most "
        + "\(level.maxBytes)"
    }
  }

  /// The most UTF-8 bytes a code holds at level M (version 40).
  static let maxBytes = Level.medium.maxBytes

  /// The version, 1 to 40.
  let version: Int
  /// The error correction level.
  let level: Level
  /// The mask applied, 0 to 7.
  let mask: Int
  /// Modules on a side: 17 + 4 × version.
  var size: Int { 17 + 4 * version }
  /// The modules, row by row; `true` is dark.
  private let modules: [Bool]

  /// Makes the code of `text` at `level`.
  ///
  /// - Throws: ``TooLong`` when the text is longer than the level holds (``Level/maxBytes``).
  init(_ text: String, level: Level = .medium) throws(TooLong) {
    let bytes = Array(text.utf8)
    guard
      let version = (1...40).first(where: {
        Self.dataCapacity($0, level) * 8 >= Self.bitsNeeded(bytes.count, $0)
      })
    else { throw TooLong(bytes: bytes.count, level: level) }
    let codewords = Self.interleaved(
      Self.dataCodewords(bytes, version: version, level: level), version: version, level: level)
    var matrix = QRMatrix(version: version)
    matrix.drawFunctionPatterns()
    matrix.drawCodewords(codewords)
    var best: (penalty: Int, mask: Int, modules: [Bool])?
    for mask in 0..<8 {
      var candidate = matrix
      candidate.apply(mask: mask)
      candidate.drawFormatBits(mask: mask, level: level.formatBits)
      let penalty = candidate.penalty()
      if best == nil || penalty < best!.penalty { best = (penalty, mask, candidate.modules) }
    }
    self.version = version
    self.level = level
    self.mask = best!.mask
    self.modules = best!.modules
  }

  /// Whether the module at column `x`, row `y` is dark.
  func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

  // MARK: - Data

  /// Error correction codewords per block, by level and version (ISO/IEC 18004, table 9).
  static func eccPerBlock(_ version: Int, _ level: Level) -> Int { tables(level).ecc[version - 1] }
  /// Error correction blocks, by level and version (ISO/IEC 18004, table 9).
  static func blocks(_ version: Int, _ level: Level) -> Int { tables(level).blocks[version - 1] }
  /// A level's two rows of table 9, by version.
  private static func tables(_ level: Level) -> (ecc: [Int], blocks: [Int]) {
    switch level {
    case .low: (eccLow, blocksLow)
    case .medium: (eccMedium, blocksMedium)
    case .quartile: (eccQuartile, blocksQuartile)
    case .high: (eccHigh, blocksHigh)
    }
  }
  private static let eccLow = [
    7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ]
  private static let eccMedium = [
    10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ]
  private static let eccQuartile = [
    13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ]
  private static let eccHigh = [
    17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ]
  private static let blocksLow = [
    1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19,
    20, 21, 22, 24, 25,
  ]
  private static let blocksMedium = [
    1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
    35, 37, 38, 40, 43, 45, 47, 49,
  ]
  private static let blocksQuartile = [
    1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45,
    48, 51, 53, 56, 59, 62, 65, 68,
  ]
  private static let blocksHigh = [
    1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51,
    54, 57, 60, 63, 66, 70, 74, 77, 81,
  ]

  /// All codewords of a version: its modules that are neither function patterns nor format or
  /// version information, eight to a codeword.
  static func rawCodewords(_ version: Int) -> Int {
    var modules = (16 * version + 128) * version + 64
    if version >= 2 {
      let alignments = version / 7 + 2
      modules -= (25 * alignments - 10) * alignments - 55
      if version >= 7 { modules -= 36 }
    }
    return modules / 8
  }

  static func dataCapacity(_ version: Int, _ level: Level = .medium) -> Int {
    rawCodewords(version) - eccPerBlock(version, level) * blocks(version, level)
  }

  /// The bits a byte-mode segment of `count` bytes takes: its mode, its length, its data.
  static func bitsNeeded(_ count: Int, _ version: Int) -> Int { 4 + (version <= 9 ? 8 : 16) + 8 * count }

  /// The data codewords: mode 0100, the length, the bytes, a terminator, and pad bytes.
  static func dataCodewords(_ bytes: [UInt8], version: Int, level: Level) -> [UInt8] {
    var bits: [Bool] = []
    func append(_ value: Int, _ count: Int) {
      for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }
    append(0b0100, 4)
    append(bytes.count, version <= 9 ? 8 : 16)
    for byte in bytes { append(Int(byte), 8) }
    let capacity = dataCapacity(version, level) * 8
    append(0, min(4, capacity - bits.count))
    append(0, (8 - bits.count % 8) % 8)
    var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
      bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
    }
    var pad: UInt8 = 0xEC
    while codewords.count < capacity / 8 {
      codewords.append(pad)
      pad = pad == 0xEC ? 0x11 : 0xEC
    }
    return codewords
  }

  /// The data split into blocks, each with its Reed–Solomon codewords, interleaved.
  static func interleaved(_ data: [UInt8], version: Int, level: Level) -> [UInt8] {
    let count = blocks(version, level)
    let ecc = eccPerBlock(version, level)
    let raw = rawCodewords(version)
    let shortBlocks = count - raw % count
    let shortLength = raw / count
    let divisor = ReedSolomon.divisor(degree: ecc)
    var split: [(data: [UInt8], ecc: [UInt8])] = []
    var start = 0
    for block in 0..<count {
      let length = shortLength - ecc + (block < shortBlocks ? 0 : 1)
      let part = Array(data[start..<start + length])
      start += length
      split.append((part, ReedSolomon.remainder(part, divisor)))
    }
    var result: [UInt8] = []
    for index in 0..<(shortLength - ecc + 1) {
      for block in split where index < block.data.count { result.append(block.data[index]) }
    }
    for index in 0..<ecc {
      for block in split { result.append(block.ecc[index]) }
    }
    return result
  }
}

/// Reed–Solomon error correction over GF(2⁸) with the polynomial x⁸ + x⁴ + x³ + x² + 1.
enum ReedSolomon {
  static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
    var z = 0
    for bit in stride(from: 7, through: 0, by: -1) {
      z = (z << 1) ^ ((z >> 7) * 0x11D)
      z ^= Int((y >> UInt8(bit)) & 1) * Int(x)
    }
    return UInt8(z)
  }

  /// The generator polynomial of `degree`, without its leading 1, highest power first.
  static func divisor(degree: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: degree)
    result[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        result[index] = multiply(result[index], root)
        if index + 1 < degree { result[index] ^= result[index + 1] }
      }
      root = multiply(root, 0x02)
    }
    return result
  }

  /// The remainder of `data` divided by `divisor`: the block's error correction codewords.
  static func remainder(_ data: [UInt8], _ divisor: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: divisor.count)
    for byte in data {
      let factor = byte ^ result.removeFirst()
      result.append(0)
      for index in divisor.indices { result[index] ^= multiply(divisor[index], factor) }
    }
    return result
  }
}
